/**
 * Widget B's CSS, injected once into a `<style>` when it first mounts, so the site's first-load
 * CSS does not grow for pages without it. Colours come from the theme's custom properties, so
 * light and dark (the site's `html.dark`) follow the site (the kit's palette); logical properties
 * keep Hebrew's right-to-left layout right; usable at 360 px.
 */
import { injectStyle, palette } from '../kit/styles.js'

const STYLE_ID = 'gptnotes-vssue-style'

export const CSS = `
${palette('.vssue', 'vs')}
.vssue{color:var(--vs-text);font-size:15px;line-height:1.6;max-width:100%;overflow-wrap:anywhere;position:relative}
.vssue *,.vssue *::before,.vssue *::after{box-sizing:border-box}
.vssue :focus-visible{outline:2px solid var(--vs-brand);outline-offset:2px}
.vssue a{color:var(--vs-brand);text-decoration:none}
.vssue .vs-header{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:baseline;gap:.25rem 1rem;border-bottom:1px solid var(--vs-border);padding-bottom:.5rem;margin-bottom:1rem}
.vssue .vs-count{font-weight:600;font-size:1.05rem}
.vssue .vs-powered{font-size:12px;color:var(--vs-muted)}
.vssue .vs-new{display:flex;gap:.75rem;margin-bottom:1rem}
.vssue .vs-avatar{flex:none;width:44px;height:44px;border-radius:6px;background:var(--vs-soft);object-fit:cover}
.vssue .vs-new-body{flex:1;min-width:0}
.vssue textarea{font:inherit;color:var(--vs-text);background:var(--vs-soft);border:1px solid var(--vs-border);border-radius:6px;padding:.5rem;width:100%;min-width:0;resize:vertical;display:block}
.vssue textarea:disabled{opacity:.7}
.vssue .vs-row{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;margin-top:.5rem}
.vssue .vs-spacer{flex:1}
.vssue .vs-user{font-size:13px;color:var(--vs-muted)}
.vssue button,.vssue select{font:inherit;font-size:14px;color:var(--vs-text);background:var(--vs-soft);border:1px solid var(--vs-border);border-radius:6px;padding:.3rem .75rem;cursor:pointer;min-height:2.25rem}
.vssue button.vs-primary{background:var(--vs-brand);border-color:var(--vs-brand);color:#fff}
.vssue button:disabled{opacity:.6;cursor:default}
.vssue button.vs-link{background:none;border:none;padding:0 .25rem;min-height:0;color:var(--vs-brand);font-size:13px}
.vssue .vs-progress{position:absolute;inset-inline-start:0;top:0;height:2px;background:var(--vs-brand);transition:width .2s linear}
.vssue .vs-alert{display:block;width:100%;text-align:center;margin:.5rem 0;padding:.5rem;border:1px solid var(--vs-error);color:var(--vs-error);background:var(--vs-bg);border-radius:6px;min-height:0}
.vssue .vs-status{text-align:center;color:var(--vs-muted);padding:1rem 0}
.vssue .vs-status button{background:none;border:none;color:var(--vs-brand);text-decoration:underline}
.vssue .vs-status[data-status="failed"]{color:var(--vs-error)}
.vssue .vs-list{list-style:none;margin:0;padding:0}
.vssue .vs-comment{display:flex;gap:.75rem;padding:.75rem 0;border-top:1px solid var(--vs-border)}
.vssue .vs-comment-body{flex:1;min-width:0}
.vssue .vs-comment-head{display:flex;flex-wrap:wrap;align-items:baseline;gap:.25rem .6rem;font-size:13px;color:var(--vs-muted)}
.vssue .vs-author{font-weight:600}
.vssue .vs-content img{max-width:100%;height:auto}
.vssue .vs-content pre{overflow:auto;background:var(--c-code-bg,var(--vs-soft));padding:.5rem;border-radius:6px}
.vssue .vs-content table{border-collapse:collapse;display:block;overflow:auto}
.vssue .vs-content th,.vssue .vs-content td{border:1px solid var(--vs-border);padding:.2rem .5rem}
.vssue .vs-content blockquote{margin:.35rem 0;padding-inline-start:.75rem;border-inline-start:3px solid var(--vs-border);color:var(--vs-muted)}
.vssue .vs-content p{margin:.35rem 0}
.vssue .vs-reactions{display:flex;gap:.4rem;flex-wrap:wrap}
.vssue .vs-reactions button{padding:.1rem .5rem;min-height:1.9rem;font-size:13px}
.vssue .vs-pagination{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem;margin:.75rem 0;font-size:14px}
.vssue .vs-pagination label{display:inline-flex;align-items:center;gap:.3rem}
.vssue[dir="rtl"] .vs-arrow{display:inline-block;transform:scaleX(-1)}
`

/** Adds the widget's `<style>` to the document once. */
export const injectStyles = (doc: Document): void => injectStyle(STYLE_ID, CSS, doc)

/**
 * The box's CSS, injected once into a `<style>` when it first mounts (the kit's `injectStyle`).
 * Colours come from the theme's custom properties through the kit's palette, so light and dark
 * (the site's `html.dark`) follow the site; usable at 360 px.
 */
import { injectStyle, palette } from '../kit/styles.js'

const STYLE_ID = 'gptnotes-valine-style'

export const CSS = `
${palette('.vbox', 'v')}
.vbox{color:var(--v-text);font-size:15px;line-height:1.6;max-width:100%;overflow-wrap:anywhere}
.vbox *,.vbox *::before,.vbox *::after{box-sizing:border-box}
.vbox :focus-visible{outline:2px solid var(--v-brand);outline-offset:2px}
.vbox .vform{border:1px solid var(--v-border);border-radius:8px;background:var(--v-bg);padding:.5rem;margin-bottom:1rem}
.vbox .vmeta-fields{display:flex;flex-wrap:wrap;gap:.5rem;margin-bottom:.5rem}
.vbox .vmeta-fields label{flex:1 1 8rem;min-width:0;display:flex;flex-direction:column;font-size:12px;color:var(--v-muted)}
.vbox input,.vbox textarea{font:inherit;color:var(--v-text);background:var(--v-soft);border:1px solid var(--v-border);border-radius:6px;padding:.4rem .5rem;width:100%;min-width:0}
.vbox textarea{min-height:8em;resize:vertical;display:block}
.vbox .vreplying{display:flex;align-items:center;gap:.5rem;font-size:13px;color:var(--v-muted);margin-bottom:.35rem}
.vbox .vactions{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;margin-top:.5rem}
.vbox .vactions .vspacer{flex:1}
.vbox button{font:inherit;font-size:14px;color:var(--v-text);background:var(--v-soft);border:1px solid var(--v-border);border-radius:6px;padding:.35rem .8rem;cursor:pointer;min-height:2.25rem}
.vbox button[aria-pressed="true"],.vbox button[aria-expanded="true"]{border-color:var(--v-brand);color:var(--v-brand)}
.vbox button.vsubmit{background:var(--v-brand);border-color:var(--v-brand);color:var(--v-bg)}
.vbox button:disabled{opacity:.6;cursor:default}
.vbox .vlink-btn{background:none;border:none;padding:0 .25rem;min-height:0;color:var(--v-brand);font-size:13px}
.vbox .vemoji-panel{display:grid;grid-template-columns:repeat(auto-fill,minmax(2.4rem,1fr));gap:2px;max-height:11rem;overflow:auto;border:1px solid var(--v-border);border-radius:6px;padding:.25rem;margin-top:.5rem;background:var(--v-bg)}
.vbox .vemoji-panel button{font-size:1.3rem;padding:0;min-height:2.4rem;background:none;border-color:transparent}
.vbox .vemoji-panel button:hover,.vbox .vemoji-panel button:focus-visible{background:var(--v-soft)}
.vbox .vpreview{border:1px dashed var(--v-border);border-radius:6px;padding:.5rem;margin-top:.5rem;min-height:2.5rem}
.vbox .vtip{margin:.5rem 0 0;font-size:13px}
.vbox .vtip[data-tone="error"]{color:var(--v-error)}
.vbox .vtip[data-tone="info"]{color:var(--v-brand)}
.vbox .vcount{font-weight:600;margin:.5rem 0}
.vbox .vempty,.vbox .vloading{color:var(--v-muted);text-align:center;padding:1rem 0}
.vbox .vfailed{text-align:center;padding:1rem 0;color:var(--v-error)}
.vbox .vfailed button{margin-left:.5rem}
.vbox .vlist,.vbox .vreplies{list-style:none;margin:0;padding:0}
.vbox .vcard{display:flex;gap:.75rem;padding:.75rem 0;border-top:1px solid var(--v-border)}
.vbox .vreplies .vcard{border-top:none;padding:.5rem 0 0}
.vbox .vavatar{flex:none;width:40px;height:40px;border-radius:6px}
.vbox .vreplies .vavatar{width:32px;height:32px}
.vbox .vbody{flex:1;min-width:0}
.vbox .vhead{display:flex;flex-wrap:wrap;align-items:baseline;gap:.25rem .6rem;font-size:13px;color:var(--v-muted)}
.vbox .vnick{font-weight:600;color:var(--v-text)}
.vbox a.vnick{color:var(--v-brand);text-decoration:none}
.vbox .vcontent{overflow:hidden;position:relative}
.vbox .vcontent.vcollapsed{max-height:8em}
.vbox .vcontent.vcollapsed::after{content:"";position:absolute;left:0;right:0;bottom:0;height:2.5em;background:linear-gradient(transparent,var(--v-bg))}
.vbox .vcontent img,.vbox .vpreview img{max-width:100%;object-fit:scale-down}
.vbox .vcontent pre,.vbox .vpreview pre{overflow:auto;background:var(--c-code-bg,var(--v-soft));padding:.5rem;border-radius:6px}
.vbox .vcontent table,.vbox .vpreview table{border-collapse:collapse;display:block;overflow:auto}
.vbox .vcontent th,.vbox .vcontent td,.vbox .vpreview th,.vbox .vpreview td{border:1px solid var(--v-border);padding:.2rem .5rem}
.vbox .vcontent p,.vbox .vpreview p{margin:.35rem 0}
.vbox a.at{color:var(--v-brand);text-decoration:none;margin-right:.25rem}
.vbox .vmore{display:block;margin:1rem auto 0}
.vbox .vsr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`

/** Adds the box's `<style>` to the document once. */
export const injectStyles = (doc: Document): void => injectStyle(STYLE_ID, CSS, doc)

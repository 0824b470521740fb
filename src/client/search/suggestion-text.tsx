import type { Segment, Suggestion } from '../../search/query/index.js'

/** Text with its matches in `<mark>`; React escapes the text, so page content can never inject markup. */
export function Marked({ parts }: { parts: Segment[] }) {
  return (
    <>
      {parts.map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : p.text))}
    </>
  )
}

/** What one suggestion shows: the page title, then the heading or a body excerpt. */
export function SuggestionText({ suggestion: s }: { suggestion: Suggestion }) {
  return (
    <>
      <span className="search-title">
        <Marked parts={s.title} />
      </span>
      {s.heading && (
        <span className="search-heading">
          <Marked parts={s.heading} />
        </span>
      )}
      {s.excerpt && (
        <span className="search-excerpt">
          <Marked parts={s.excerpt} />
        </span>
      )}
    </>
  )
}

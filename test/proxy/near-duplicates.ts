/**
 * A comment and nine ways of sending its words again that a reader sees as the same comment:
 * case, doubled spaces, a paragraph around it, an empty element inside a word, a character
 * reference, zero-width and other invisible characters, full-width letters, a line break
 * between paragraphs, a no-break space and a soft hyphen. The comment write refuses each as a
 * duplicate (post-comment.test.ts, and over HTTP in http-cases.ts).
 */
export const ORIGINAL = '<p>Hello world, thanks!</p>'

export const NEAR_DUPLICATES: readonly string[] = [
  'HELLO WORLD, THANKS!',
  'Hello  world,   thanks!',
  '<p>Hello world, thanks!</p>',
  'Hel<b></b>lo world, thanks!',
  '&#72;ello world, thanks!',
  'Hello\u200b world, thanks!\u200d',
  'Ｈｅｌｌｏ　ｗｏｒｌｄ，　ｔｈａｎｋｓ！',
  '<p>Hello</p>\n<p>world, thanks!</p>',
  'Hello\u00a0world,\u00ad thanks!\ufeff',
]

/**
 * `gptnotes comments import` and `export` on a store: one export file in one transaction, so an
 * interrupted import leaves nothing of that file, and ids decide what is new, so running it
 * again adds nothing. Web-standard: the caller reads and writes the files.
 */
import type { CommentStore, ImportResult } from '../stores/store.js'
import { commentsToLines, countersToLines, parseCommentLines, parseCounterLines, type BadLine, type LeanCloudClass, type ParseOptions } from './leancloud-export.js'

export interface FileImport {
  className: LeanCloudClass
  /** Records added and already present (same objectId). */
  result: ImportResult
  /** Lines left out, with why. */
  bad: BadLine[]
}

/** Imports one export file's text as `className`; the store's error (nothing written) propagates. */
export async function importExportFile(store: CommentStore, className: LeanCloudClass, text: string, options: ParseOptions = {}): Promise<FileImport> {
  if (className === 'Comment') {
    const { records, bad } = await parseCommentLines(text, options)
    const { comments } = await store.importRecords({ comments: records, counters: [] })
    return { className, result: comments, bad }
  }
  const { records, bad } = parseCounterLines(text)
  const { counters } = await store.importRecords({ comments: [], counters: records })
  return { className, result: counters, bad }
}

/** The whole store as the two export files' text, oldest first. */
export async function exportFiles(store: CommentStore): Promise<{ Comment: { text: string; count: number }; Counter: { text: string; count: number } }> {
  const { comments, counters } = await store.exportRecords()
  return {
    Comment: { text: commentsToLines(comments), count: comments.length },
    Counter: { text: countersToLines(counters), count: counters.length },
  }
}

/**
 * The emoji picker's set: named Unicode emoji (Valine's GitHub-style names), nothing to download.
 * A site's `emojiMaps` adds to it or replaces entries by name. `:name:` typed in a comment is
 * turned into its emoji too, as Valine did.
 */
export const EMOJI: Readonly<Record<string, string>> = Object.freeze({
  smile: '😄', laughing: '😆', blush: '😊', smiley: '😃', relaxed: '☺️', smirk: '😏', heart_eyes: '😍', kissing_heart: '😘',
  kissing_closed_eyes: '😚', flushed: '😳', relieved: '😌', satisfied: '😆', grin: '😁', wink: '😉', stuck_out_tongue_winking_eye: '😜',
  stuck_out_tongue_closed_eyes: '😝', grinning: '😀', kissing: '😗', kissing_smiling_eyes: '😙', stuck_out_tongue: '😛', sleeping: '😴',
  worried: '😟', frowning: '😦', anguished: '😧', open_mouth: '😮', grimacing: '😬', confused: '😕', hushed: '😯', expressionless: '😑',
  unamused: '😒', sweat_smile: '😅', sweat: '😓', disappointed_relieved: '😥', weary: '😩', pensive: '😔', disappointed: '😞',
  confounded: '😖', fearful: '😨', cold_sweat: '😰', persevere: '😣', cry: '😢', sob: '😭', joy: '😂', astonished: '😲', scream: '😱',
  tired_face: '😫', angry: '😠', rage: '😡', triumph: '😤', sleepy: '😪', yum: '😋', mask: '😷', sunglasses: '😎', dizzy_face: '😵',
  imp: '👿', smiling_imp: '😈', neutral_face: '😐', no_mouth: '😶', innocent: '😇', alien: '👽', thinking: '🤔', hugs: '🤗',
  rofl: '🤣', upside_down_face: '🙃', yellow_heart: '💛', blue_heart: '💙', purple_heart: '💜', heart: '❤️', green_heart: '💚',
  broken_heart: '💔', sparkling_heart: '💖', sparkles: '✨', star: '⭐', fire: '🔥', boom: '💥', zzz: '💤', tada: '🎉',
  '+1': '👍', '-1': '👎', ok_hand: '👌', punch: '👊', v: '✌️', wave: '👋', raised_hands: '🙌', pray: '🙏', clap: '👏', muscle: '💪',
  eyes: '👀', question: '❓', exclamation: '❗', bulb: '💡', coffee: '☕', rocket: '🚀', '100': '💯',
})

/** The picker's entries: the built-in set with the site's additions and replacements. */
export function emojiSet(extra: Readonly<Record<string, string>> = {}): [name: string, emoji: string][] {
  return Object.entries({ ...EMOJI, ...extra })
}

/** `:name:` codes of known emoji turned into the emoji; unknown codes stay as typed. */
export function replaceEmojiCodes(text: string, set: Readonly<Record<string, string>>): string {
  return text.replace(/:([\w+-]{1,40}):/g, (code, name: string) => (Object.hasOwn(set, name) ? set[name] : code))
}

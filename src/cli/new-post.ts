// `gptnotes new-post`: the command and its pieces live in ./new-post/.
export { registerNewPost } from './new-post/command.js'

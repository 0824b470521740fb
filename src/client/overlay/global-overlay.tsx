/** The global overlay: back-to-top, and lazily filled slots for the mascot and click effect. */
export function GlobalOverlay() {
  return null
}

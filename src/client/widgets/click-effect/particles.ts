/** Spec §9: particles per burst, their speed range (px per frame), and the pull downwards. */
export const BURST = 10
export const MIN_SPEED = 1
export const MAX_SPEED = 6
const GRAVITY = 0.3
/** A star turns 5° a frame. */
const SPIN = (5 * Math.PI) / 180

export type Shape = 'star' | 'circle'

export interface Particle {
  x: number
  y: number
  size: number
  color: string
  speed: number
  /** Direction: 0 points down, π up (x moves by sin, y by cos). */
  angle: number
  /** Frames lived: gravity grows with it, so the particle rises, slows and falls back. */
  age: number
  rotation: number
}

/** A burst at (x, y): each particle flies upwards within a radian of straight up, in one of `colors`. */
export function burst(x: number, y: number, size: number, colors: readonly string[], random: () => number = Math.random): Particle[] {
  return Array.from({ length: BURST }, () => ({
    x,
    y,
    size,
    color: colors[Math.floor(random() * colors.length)] ?? '#1a73e8',
    speed: MIN_SPEED + random() * (MAX_SPEED - MIN_SPEED),
    angle: Math.PI - 1 + random() * 2,
    age: 0,
    rotation: random() * Math.PI * 2,
  }))
}

/** One frame of motion; returns the particles still on screen (off the left, right or bottom edge: gone). */
export function step(particles: Particle[], width: number, height: number): Particle[] {
  const kept: Particle[] = []
  for (const p of particles) {
    p.age++
    p.x += Math.sin(p.angle) * p.speed
    p.y += Math.cos(p.angle) * p.speed + GRAVITY * p.age
    p.rotation += SPIN
    if (p.x >= 0 && p.x <= width && p.y <= height) kept.push(p)
  }
  return kept
}

/** Draws the particles in CSS pixels (the context is already scaled by the device pixel ratio). */
export function draw(ctx: CanvasRenderingContext2D, particles: readonly Particle[], shape: Shape): void {
  for (const p of particles) {
    ctx.fillStyle = p.color
    ctx.beginPath()
    if (shape === 'circle') ctx.arc(p.x, p.y, p.size, 0, Math.PI * 2)
    else star(ctx, p)
    ctx.fill()
  }
}

/** A five-pointed star: outer radius twice the size, inner radius the size. */
function star(ctx: CanvasRenderingContext2D, p: Particle): void {
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? p.size * 2 : p.size
    const a = p.rotation + (i * Math.PI) / 5
    const x = p.x + Math.cos(a) * r
    const y = p.y + Math.sin(a) * r
    if (i === 0) ctx.moveTo(x, y)
    else ctx.lineTo(x, y)
  }
  ctx.closePath()
}

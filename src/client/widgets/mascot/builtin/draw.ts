/**
 * Draws 小笺 on a 2D context in her model units, from her parameters: layered parts (back hair,
 * body, arms, face, eyes, mouth, bangs, clip) moved with a little parallax so head turns read
 * as depth. Only paths and fills: no images to load.
 */
type P = (id: string) => number
type Ctx = CanvasRenderingContext2D

const SKIN = '#ffe7d6'

/** Her colours: the dress, its shade, the hair and its shine, the eyes. */
export interface Palette {
  dress: string
  shade: string
  hair: string
  shine: string
  iris: string
}

export const PALETTES = {
  /** The site's blue. */
  blue: { dress: '#1a73e8', shade: '#1258b8', hair: '#4a3328', shine: '#6b4a3a', iris: '#2b4f8f' },
  /** Cherry-blossom pink, with darker hair. */
  sakura: { dress: '#f06292', shade: '#c2185b', hair: '#2e2230', shine: '#4e3a52', iris: '#7b3f6e' },
} as const satisfies Record<string, Palette>

const LINE = '#3a2a22'

const rad = (deg: number) => (deg * Math.PI) / 180

function ellipse(c: Ctx, x: number, y: number, rx: number, ry: number, fill: string): void {
  c.beginPath()
  c.ellipse(x, y, Math.max(0, rx), Math.max(0, ry), 0, 0, Math.PI * 2)
  c.fillStyle = fill
  c.fill()
}

export interface DrawState {
  p: P
  part: (id: string) => number
  /** The hair tip's lag behind the head (the renderer's small physics), -1..1. */
  hair: number
  palette: Palette
}

export function drawCharacter(c: Ctx, { p, part, hair, palette }: DrawState): void {
  const ax = p('PARAM_ANGLE_X') / 30
  const ay = p('PARAM_ANGLE_Y') / 30
  const breath = p('PARAM_BREATH')
  const hop = p('PARAM_BODY_Y') * 18
  c.save()
  c.translate(0, -hop)
  // Body sways around her feet; the head rides on it.
  c.translate(150, 430)
  c.rotate(rad(p('PARAM_BODY_ANGLE_X') * 0.6))
  c.translate(-150, -430)
  drawBody(c, p, part, breath, palette)
  // The head tilts around the neck.
  c.save()
  c.translate(150, 258)
  c.rotate(rad(p('PARAM_ANGLE_Z') * 0.5))
  c.translate(-150, -258 + (1 - breath) * 1.5)
  drawHead(c, p, ax, ay, hair, palette)
  c.restore()
  // The waving arm is raised beside the head, so it is drawn over the hair.
  drawWave(c, p, part('PARTS_WAVE'), palette)
  c.restore()
  const z = p('PARAM_ZZZ')
  if (z > 0.01) drawZzz(c, z)
}

function drawBody(c: Ctx, p: P, part: (id: string) => number, breath: number, pal: Palette): void {
  // Feet.
  ellipse(c, 128, 426, 17, 9, '#5b3d30')
  ellipse(c, 172, 426, 17, 9, '#5b3d30')
  // Legs.
  c.fillStyle = SKIN
  c.fillRect(120, 380, 14, 44)
  c.fillRect(166, 380, 14, 44)
  // Dress: a trapezoid that widens as she breathes in.
  const w = 1 + breath * 0.02
  c.beginPath()
  c.moveTo(150 - 36 * w, 256)
  c.quadraticCurveTo(150 - 62 * w, 330, 150 - 74 * w, 392)
  c.quadraticCurveTo(150, 404, 150 + 74 * w, 392)
  c.quadraticCurveTo(150 + 62 * w, 330, 150 + 36 * w, 256)
  c.closePath()
  c.fillStyle = pal.dress
  c.fill()
  // Collar.
  c.beginPath()
  c.moveTo(126, 254)
  c.lineTo(150, 282)
  c.lineTo(174, 254)
  c.closePath()
  c.fillStyle = '#fff'
  c.fill()
  ellipse(c, 150, 284, 6, 5, '#ffc93c')
  // Left arm hanging.
  c.save()
  c.translate(112, 268)
  c.rotate(rad(14))
  c.fillStyle = pal.shade
  c.fillRect(-11, 0, 22, 62)
  ellipse(c, 0, 66, 11, 11, SKIN)
  c.restore()
  // Right arm: holding the notebook, or waving (crossfaded by the pose group).
  const note = part('PARTS_NOTE')
  if (note > 0.01) {
    c.globalAlpha = note
    c.save()
    c.translate(182, 300)
    c.rotate(rad(-8))
    c.fillStyle = '#fff'
    c.fillRect(-26, -22, 46, 56)
    c.strokeStyle = '#9bb8e6'
    c.lineWidth = 2
    for (let y = -10; y < 30; y += 9) {
      c.beginPath()
      c.moveTo(-20, y)
      c.lineTo(14, y)
      c.stroke()
    }
    c.fillStyle = '#e8453c'
    c.fillRect(-26, -22, 6, 56)
    c.restore()
    ellipse(c, 168, 318, 10, 10, SKIN)
    c.globalAlpha = 1
  }
}

function drawWave(c: Ctx, p: P, wave: number, pal: Palette): void {
  if (wave <= 0.01) return
  c.globalAlpha = wave
  c.save()
  c.translate(186, 268)
  c.rotate(rad(-125 + p('PARAM_ARM_R') * 20))
  c.fillStyle = pal.shade
  c.fillRect(-11, 0, 22, 60)
  ellipse(c, 0, 66, 12, 12, SKIN)
  c.restore()
  c.globalAlpha = 1
}

function drawHead(c: Ctx, p: P, ax: number, ay: number, hair: number, pal: Palette): void {
  // Parallax: the face moves most, the back hair against it.
  const fx = ax * 14
  const fy = -ay * 10
  // Back hair (the bob).
  c.beginPath()
  c.ellipse(150 - ax * 5, 150 + ay * 3, 114, 106, 0, Math.PI, 0)
  c.lineTo(262 - ax * 5, 236)
  c.quadraticCurveTo(150, 262, 38 - ax * 5, 236)
  c.closePath()
  c.fillStyle = pal.hair
  c.fill()
  // Neck.
  c.fillStyle = '#f5d4c0'
  c.fillRect(138, 236, 24, 24)
  // Face.
  ellipse(c, 150 + fx * 0.4, 162 + fy * 0.4, 90, 84, SKIN)
  // Cheeks.
  const blush = 0.18 + 0.5 * p('PARAM_CHEEK')
  c.globalAlpha = blush
  ellipse(c, 98 + fx, 204 + fy, 17, 9, '#ff8fa3')
  ellipse(c, 202 + fx, 204 + fy, 17, 9, '#ff8fa3')
  c.globalAlpha = 1
  drawEyes(c, p, fx, fy, pal)
  drawBrows(c, p, fx, fy, pal)
  drawMouth(c, p, fx, fy)
  // Bangs over the forehead, in scallops.
  const bx = ax * 10
  const by = -ay * 6
  c.beginPath()
  c.moveTo(44 + bx, 168 + by)
  c.quadraticCurveTo(40 + bx, 56 + by, 150 + bx, 50 + by)
  c.quadraticCurveTo(260 + bx, 56 + by, 256 + bx, 168 + by)
  const tips = [256, 222, 188, 150, 112, 78, 44]
  for (let i = 1; i < tips.length; i++) {
    const x0 = tips[i - 1] + bx
    const x1 = tips[i] + bx
    const dip = i === 3 || i === 4 ? 142 : 150
    c.quadraticCurveTo((x0 + x1) / 2, 104 + by, x1, (i === tips.length - 1 ? 168 : dip) + by)
  }
  c.closePath()
  c.fillStyle = pal.hair
  c.fill()
  // A shine on the hair.
  c.beginPath()
  c.arc(150 + bx, 150 + by, 84, rad(200), rad(235))
  c.lineWidth = 6
  c.lineCap = 'round'
  c.strokeStyle = pal.shine
  c.stroke()
  // The ahoge: a strand that trails the head's movement.
  c.beginPath()
  c.moveTo(150 + bx, 54 + by)
  c.quadraticCurveTo(158 + bx + hair * 10, 20 + by, 176 + bx - hair * 18, 26 + by)
  c.lineWidth = 5
  c.lineCap = 'round'
  c.strokeStyle = pal.hair
  c.stroke()
  // Pencil hair clip.
  c.save()
  c.translate(214 + bx, 96 + by)
  c.rotate(rad(35))
  c.fillStyle = '#ffc93c'
  c.fillRect(-6, -18, 12, 30)
  c.fillStyle = '#f48fb1'
  c.fillRect(-6, -24, 12, 7)
  c.beginPath()
  c.moveTo(-6, 12)
  c.lineTo(6, 12)
  c.lineTo(0, 22)
  c.closePath()
  c.fillStyle = '#f3d2a2'
  c.fill()
  c.restore()
}

function drawEyes(c: Ctx, p: P, fx: number, fy: number, pal: Palette): void {
  const smile = p('PARAM_EYE_SMILE')
  const ex = p('PARAM_EYE_BALL_X') * 5
  const ey = -p('PARAM_EYE_BALL_Y') * 5
  for (const [x, openId] of [
    [112, 'PARAM_EYE_L_OPEN'],
    [188, 'PARAM_EYE_R_OPEN'],
  ] as const) {
    const cx = x + fx
    const cy = 182 + fy
    const open = Math.max(0, p(openId)) * (1 - smile)
    c.strokeStyle = LINE
    c.lineWidth = 3.5
    c.lineCap = 'round'
    if (open < 0.12) {
      // Shut, or a happy ^ when smiling.
      c.beginPath()
      if (smile > 0.5) {
        c.moveTo(cx - 15, cy + 4)
        c.quadraticCurveTo(cx, cy - 12, cx + 15, cy + 4)
      } else {
        c.moveTo(cx - 15, cy)
        c.quadraticCurveTo(cx, cy + 8, cx + 15, cy)
      }
      c.stroke()
      continue
    }
    const ry = 22 * open
    ellipse(c, cx, cy, 16, ry, '#fff')
    c.save()
    c.beginPath()
    c.ellipse(cx, cy, 16, ry, 0, 0, Math.PI * 2)
    c.clip()
    ellipse(c, cx + ex, cy + ey + 2, 12, 16, pal.iris)
    ellipse(c, cx + ex, cy + ey + 6, 9, 9, '#5b8fd9')
    ellipse(c, cx + ex, cy + ey + 2, 5.5, 7, '#15233d')
    if (p('PARAM_SPARKLE') > 0.5) drawStar(c, cx + ex, cy + ey, 7)
    else {
      ellipse(c, cx + ex - 4, cy + ey - 6, 4, 4, '#fff')
      ellipse(c, cx + ex + 4, cy + ey + 7, 2, 2, '#fff')
    }
    c.restore()
    // Upper lid.
    c.beginPath()
    c.ellipse(cx, cy, 17, ry + 1, 0, Math.PI * 1.08, Math.PI * 1.92)
    c.stroke()
  }
}

function drawStar(c: Ctx, x: number, y: number, r: number): void {
  c.beginPath()
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2
    const d = i % 2 ? r * 0.45 : r
    c.lineTo(x + Math.cos(a) * d, y + Math.sin(a) * d)
  }
  c.closePath()
  c.fillStyle = '#fff'
  c.fill()
}

function drawBrows(c: Ctx, p: P, fx: number, fy: number, pal: Palette): void {
  const lift = p('PARAM_BROW_Y') * 6
  c.strokeStyle = pal.hair
  c.lineWidth = 3
  for (const [x, dir] of [
    [112, 1],
    [188, -1],
  ] as const) {
    c.beginPath()
    // A frown lowers the inner ends.
    c.moveTo(x - 12 + fx, 150 + fy - lift + (lift < 0 ? dir * lift * 0.6 : 0))
    c.quadraticCurveTo(x + fx, 145 + fy - lift, x + 12 + fx, 150 + fy - lift - (lift < 0 ? dir * lift * 0.6 : 0))
    c.stroke()
  }
}

function drawMouth(c: Ctx, p: P, fx: number, fy: number): void {
  const open = p('PARAM_MOUTH_OPEN_Y')
  const form = p('PARAM_MOUTH_FORM')
  const x = 150 + fx * 1.1
  const y = 222 + fy * 1.1
  const w = 10 + form * 2
  if (open > 0.08) {
    c.beginPath()
    c.moveTo(x - w, y - form * 2)
    c.quadraticCurveTo(x, y + open * 18 + form * 3, x + w, y - form * 2)
    c.quadraticCurveTo(x, y - 2 - form * 2, x - w, y - form * 2)
    c.fillStyle = '#c2405a'
    c.fill()
    return
  }
  c.beginPath()
  c.moveTo(x - w, y - form * 3)
  c.quadraticCurveTo(x, y + form * 7, x + w, y - form * 3)
  c.strokeStyle = '#a8455a'
  c.lineWidth = 3
  c.lineCap = 'round'
  c.stroke()
}

function drawZzz(c: Ctx, z: number): void {
  c.globalAlpha = z
  c.fillStyle = '#5b8fd9'
  c.font = 'bold 30px sans-serif'
  c.fillText('Z', 236, 60)
  c.font = 'bold 22px sans-serif'
  c.fillText('z', 262, 36)
  c.font = 'bold 16px sans-serif'
  c.fillText('z', 280, 18)
  c.globalAlpha = 1
}

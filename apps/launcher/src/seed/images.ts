/**
 * The demo's artwork, drawn here (no downloads): an SVG composition per piece from its palette,
 * motif and seed, rasterised to PNG with sharp. The same piece always gives the same bytes.
 */
import sharp from 'sharp'

type Motif = 'orbits' | 'waves' | 'grid' | 'petals'

export interface Artwork {
  /** Background, then three accents, as #rrggbb. */
  readonly palette: readonly [string, string, string, string]
  readonly motif: Motif
  readonly seed: number
}

export const IMAGE_SIDE = 768

/** mulberry32: a small deterministic PRNG, so each piece's image is reproducible. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const f = (n: number): string => n.toFixed(1)

function shapes(art: Artwork, rand: () => number): string[] {
  const [, a, b, c] = art.palette
  const accents = [a, b, c]
  const pick = () => accents[Math.floor(rand() * accents.length)] ?? a
  const s = IMAGE_SIDE
  const out: string[] = []
  switch (art.motif) {
    case 'orbits':
      for (let i = 0; i < 9; i++) {
        const r = s * (0.08 + 0.05 * i)
        out.push(
          `<circle cx="${f(s / 2 + (rand() - 0.5) * 60)}" cy="${f(s / 2 + (rand() - 0.5) * 60)}" r="${f(r)}" fill="none" stroke="${pick()}" stroke-width="${f(4 + rand() * 14)}" opacity="${f(0.5 + rand() * 0.5)}"/>`,
        )
      }
      break
    case 'waves':
      for (let i = 0; i < 12; i++) {
        const y = s * (0.1 + 0.07 * i)
        const amp = 20 + rand() * 50
        out.push(
          `<path d="M0 ${f(y)} C ${f(s * 0.3)} ${f(y - amp)}, ${f(s * 0.7)} ${f(y + amp)}, ${String(s)} ${f(y)}" fill="none" stroke="${pick()}" stroke-width="${f(6 + rand() * 12)}" stroke-linecap="round"/>`,
        )
      }
      break
    case 'grid':
      for (let x = 0; x < 6; x++) {
        for (let y = 0; y < 6; y++) {
          const cell = s / 6
          const inset = cell * (0.1 + rand() * 0.25)
          out.push(
            `<rect x="${f(x * cell + inset)}" y="${f(y * cell + inset)}" width="${f(cell - 2 * inset)}" height="${f(cell - 2 * inset)}" rx="${f(rand() * cell * 0.4)}" fill="${pick()}" opacity="${f(0.55 + rand() * 0.45)}"/>`,
          )
        }
      }
      break
    case 'petals':
      for (let i = 0; i < 14; i++) {
        const angle = (360 / 14) * i
        out.push(
          `<ellipse cx="${String(s / 2)}" cy="${f(s / 2 - s * 0.2)}" rx="${f(s * 0.06 + rand() * 20)}" ry="${f(s * 0.2)}" fill="${pick()}" opacity="0.7" transform="rotate(${f(angle)} ${String(s / 2)} ${String(s / 2)})"/>`,
        )
      }
      out.push(
        `<circle cx="${String(s / 2)}" cy="${String(s / 2)}" r="${f(s * 0.07)}" fill="${c}"/>`,
      )
      break
  }
  return out
}

export function artworkSvg(art: Artwork): string {
  const rand = random(art.seed)
  const [background, a] = art.palette
  const s = String(IMAGE_SIDE)
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">`,
    '<defs><radialGradient id="glow" cx="30%" cy="25%" r="90%">',
    `<stop offset="0%" stop-color="${a}" stop-opacity="0.35"/>`,
    `<stop offset="100%" stop-color="${background}" stop-opacity="0"/>`,
    '</radialGradient></defs>',
    `<rect width="${s}" height="${s}" fill="${background}"/>`,
    `<rect width="${s}" height="${s}" fill="url(#glow)"/>`,
    ...shapes(art, rand),
    '</svg>',
  ].join('')
}

export async function artworkPng(art: Artwork): Promise<Buffer> {
  return sharp(Buffer.from(artworkSvg(art)))
    .png()
    .toBuffer()
}

/** Test images made locally with sharp from SVG (no downloads): a 1000 x 1000 PNG per NFT. */
import sharp from 'sharp'

export async function nftImage(label: string, hue = 210): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000">
  <rect width="1000" height="1000" fill="hsl(${hue}, 70%, 45%)"/>
  <circle cx="500" cy="500" r="320" fill="hsl(${(hue + 150) % 360}, 80%, 60%)"/>
  <text x="500" y="540" font-size="120" text-anchor="middle" fill="white" font-family="sans-serif">${label}</text>
</svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

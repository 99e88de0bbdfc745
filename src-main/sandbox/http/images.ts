/**
 * Listing photos as small generated SVGs, so the demo portfolio has pictures without shipping
 * image files. The same listing and number always give the same picture.
 */

const PALETTE = ['#2f6f8f', '#8f5a2f', '#3f8f5a', '#7a3f8f', '#8f2f4a', '#5a6b2f', '#2f4a8f']

export function listingImageSvg(listingId: number, n: number): string {
  const hue = PALETTE[(listingId * 7 + n) % PALETTE.length]
  const sky = PALETTE[(listingId + n * 3) % PALETTE.length]
  // A roof and walls whose proportions vary by listing, so thumbnails are told apart at a glance.
  const width = 120 + ((listingId * 37 + n * 11) % 80)
  const left = 200 - width / 2
  const roof = 70 + ((listingId * 13) % 40)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">
<rect width="400" height="300" fill="${sky}" opacity="0.35"/>
<rect y="230" width="400" height="70" fill="${hue}" opacity="0.5"/>
<polygon points="${left - 15},150 200,${roof} ${left + width + 15},150" fill="${hue}"/>
<rect x="${left}" y="150" width="${width}" height="100" fill="#f4efe6" stroke="${hue}" stroke-width="3"/>
<rect x="188" y="195" width="24" height="55" fill="${hue}"/>
<text x="200" y="285" font-family="sans-serif" font-size="16" text-anchor="middle" fill="#222">Listing ${listingId} · photo ${n}</text>
</svg>
`
}

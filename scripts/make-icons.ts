/**
 * `npx tsx scripts/make-icons.ts`: renders public/favicon.svg into the PNG icons of the web app
 * manifest (public/manifest.webmanifest) and the Apple touch icon, in public/icons/. The PNGs are
 * committed; run this again only when the favicon changes. Chromium draws the SVG (the same
 * renderer the app's users see it through), an element screenshotted at its exact pixel size.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const OUT = 'public/icons';
/**
 * The favicon's own square (slate-900): the full-bleed icons are that square grown to the edges, so
 * a launcher's mask (circle, squircle) cuts the background only, never a second, smaller square.
 */
const BLEED = '#0f172a';

interface Icon {
  file: string;
  size: number;
  /** Transparent corners, as the favicon's rounded square; else a full-bleed, opaque square. */
  transparent: boolean;
  /** The favicon's share of the side: a maskable icon keeps its artwork inside the inner 80 % (the safe zone's circle). */
  artwork: number;
}

const ICONS: readonly Icon[] = [
  { file: 'icon-192.png', size: 192, transparent: true, artwork: 1 },
  { file: 'icon-512.png', size: 512, transparent: true, artwork: 1 },
  { file: 'icon-maskable-512.png', size: 512, transparent: false, artwork: 0.8 },
  // iOS rounds the corners itself and shows transparency black: opaque, with the artwork a little inset.
  { file: 'apple-touch-icon-180.png', size: 180, transparent: false, artwork: 0.86 },
];

const svg = readFileSync('public/favicon.svg', 'utf8');

function pageOf({ size, transparent, artwork }: Icon): string {
  const inner = Math.round(size * artwork);
  return `<!doctype html><html><body style="margin:0;background:transparent">
    <div id="icon" style="width:${size}px;height:${size}px;display:grid;place-items:center;background:${transparent ? 'transparent' : BLEED}">
      <div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div>
    </div></body></html>`;
}

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'],
});
try {
  // Device pixels are CSS pixels here, so each screenshot is exactly `size` pixels square.
  const page = await browser.newPage({ viewport: { width: 600, height: 600 }, deviceScaleFactor: 1 });
  for (const icon of ICONS) {
    await page.setContent(pageOf(icon));
    const path = `${OUT}/${icon.file}`;
    await page.locator('#icon').screenshot({ path, omitBackground: icon.transparent });
    console.log(path);
  }
} finally {
  await browser.close();
}

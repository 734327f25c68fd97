import type { Random } from './random.ts';

/** Photo as the spec documents it on `media.photo[]`, plus the wild `entities.media[]` twin. */
export function photo(mediaBase: string, id: string, width: number, height: number, focus?: { x: number; y: number }) {
  const url = `${mediaBase}/media/${id}.svg?w=${width}&h=${height}`;
  const focusRect = focus
    ? { x: focus.x, y: focus.y, w: Math.round(width / 3), h: Math.round(height / 3) }
    : { x: 0, y: 0, w: width, h: height };
  return {
    item: { media_url_https: url, id, sizes: { h: height, w: width } },
    entity: {
      display_url: `pic.example/${id}`,
      expanded_url: `https://example.org/photo/${id}`,
      id_str: id,
      indices: [0, 0],
      media_key: `3_${id}`,
      media_url_https: url,
      type: 'photo',
      url: `https://t.co/${id.slice(-8)}`,
      ext_media_availability: { status: 'Available' },
      features: { large: { faces: [] }, medium: { faces: [] }, small: { faces: [] }, orig: { faces: [] } },
      sizes: {
        large: { h: height, w: width, resize: 'fit' },
        medium: { h: Math.round(height * 0.6), w: Math.round(width * 0.6), resize: 'fit' },
        small: { h: Math.round(height * 0.3), w: Math.round(width * 0.3), resize: 'fit' },
        thumb: { h: 150, w: 150, resize: 'crop' },
      },
      original_info: { height, width, focus_rects: [focusRect] },
      media_results: { result: { media_key: `3_${id}` } },
    },
  };
}

const SHAPES: [number, number][] = [
  [1600, 900],
  [1200, 1600],
  [1080, 1080],
  [2048, 1024],
  [900, 1200],
];

export function photos(mediaBase: string, random: Random, postId: string, count: number) {
  return Array.from({ length: count }, (_, index) => {
    const [width, height] = count === 1 ? random.pick(SHAPES) : [1200, 900];
    const focus = random.chance(0.5) ? { x: Math.round(width * 0.55), y: Math.round(height * 0.1) } : undefined;
    return photo(mediaBase, `${postId}${index}`, width, height, focus);
  });
}

export function video(mediaBase: string, postId: string) {
  return {
    media_url_https: `${mediaBase}/media/${postId}v.svg?w=1280&h=720&play=1`,
    id: `${postId}v`,
    aspect_ratio: [16, 9],
    duration: 83_500,
    original_info: { width: 1280, height: 720 },
    variants: [
      { content_type: 'application/x-mpegURL', url: `https://video.example/${postId}.m3u8` },
      { content_type: 'video/mp4', url: `https://video.example/${postId}-480.mp4`, bitrate: 832000 },
      { content_type: 'video/mp4', url: `https://video.example/${postId}-720.mp4`, bitrate: 2176000 },
    ],
  };
}

const PALETTES = [
  ['#1d4ed8', '#f59e0b'],
  ['#047857', '#fde68a'],
  ['#7c3aed', '#f472b6'],
  ['#b91c1c', '#fcd34d'],
  ['#0f766e', '#a5f3fc'],
];

/** A generated picture, so demo mode looks real with no network at all. */
export function renderSvg(id: string, width: number, height: number, play: boolean): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const [from, to] = PALETTES[hash % PALETTES.length]!;
  const radius = Math.min(width, height) / 5;
  const playBadge = play
    ? `<circle cx="${width / 2}" cy="${height / 2}" r="${radius / 1.5}" fill="rgba(0,0,0,.55)"/><path d="M${width / 2 - radius / 4} ${height / 2 - radius / 3}v${(radius * 2) / 3}l${radius / 2}-${radius / 3}z" fill="#fff"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${width * 0.55 + radius / 2}" cy="${height * 0.1 + radius}" r="${radius}" fill="rgba(255,255,255,.35)"/>
<path d="M0 ${height} L${width * 0.35} ${height * 0.55} L${width * 0.6} ${height * 0.8} L${width * 0.8} ${height * 0.6} L${width} ${height} Z" fill="rgba(0,0,0,.25)"/>
${playBadge}</svg>`;
}

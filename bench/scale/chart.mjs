// The scaling curve as an SVG line chart, written by bench/scale.mjs itself (no charting library):
// page size against median time, both on log scales, one line per series, with the target lines.

const WIDTH = 760;
const HEIGHT = 440;
const MARGIN = { top: 44, right: 190, bottom: 52, left: 64 };
const COLORS = { innerText: '#6e7781', oursCapped: '#0969da', oursCappedCold: '#54aeff', oursUncapped: '#bc4c00', theirs: '#8250df', target: '#1a7f37' };

/**
 * `series`: [{ key, label, points: [{ x, y, over? }] }] where `over` marks a point that did not
 * finish within the limit (drawn at the limit, hollow). `targets`: [{ label, points }] as dashed lines.
 */
export function lineChart({ title, xLabel, yLabel, series, targets = [] }) {
  const all = [...series, ...targets].flatMap((line) => line.points);
  const xs = all.map((point) => point.x);
  const ys = all.map((point) => point.y).filter((y) => y > 0);
  // A little room around the points on x; whole decades on y, with room above for labels.
  const [x0, x1] = [Math.min(...xs) / 1.4, Math.max(...xs) * 1.4];
  const [y0, y1] = [decadeBelow(Math.min(...ys)), decadeAbove(Math.max(...ys) * 2)];
  const plot = { width: WIDTH - MARGIN.left - MARGIN.right, height: HEIGHT - MARGIN.top - MARGIN.bottom };
  const px = (x) => MARGIN.left + ((Math.log10(x) - Math.log10(x0)) / (Math.log10(x1) - Math.log10(x0))) * plot.width;
  const py = (y) => MARGIN.top + plot.height - ((Math.log10(Math.max(y, y0)) - Math.log10(y0)) / (Math.log10(y1) - Math.log10(y0))) * plot.height;
  const out = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="system-ui, sans-serif" font-size="12">`);
  out.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`);
  out.push(`<text x="${MARGIN.left}" y="24" font-size="15" font-weight="600">${escape(title)}</text>`);
  // Grid and ticks: every power of ten, and 2× / 5× between them on the x axis.
  for (let decade = y0; decade <= y1 * 1.001; decade *= 10) {
    out.push(`<line x1="${MARGIN.left}" x2="${MARGIN.left + plot.width}" y1="${py(decade)}" y2="${py(decade)}" stroke="#d0d7de"/>`);
    out.push(`<text x="${MARGIN.left - 6}" y="${py(decade) + 4}" text-anchor="end">${formatNumber(decade)}</text>`);
  }
  for (let decade = decadeBelow(x0); decade <= x1; decade *= 10) {
    for (const step of [1, 2, 5]) {
      const x = decade * step;
      if (x < x0 || x > x1) continue;
      out.push(`<line x1="${px(x)}" x2="${px(x)}" y1="${MARGIN.top}" y2="${MARGIN.top + plot.height}" stroke="${step === 1 ? '#d0d7de' : '#eaeef2'}"/>`);
      out.push(`<text x="${px(x)}" y="${MARGIN.top + plot.height + 16}" text-anchor="middle">${formatNumber(x)}</text>`);
    }
  }
  out.push(`<text x="${MARGIN.left + plot.width / 2}" y="${HEIGHT - 12}" text-anchor="middle">${escape(xLabel)}</text>`);
  out.push(`<text transform="translate(16 ${MARGIN.top + plot.height / 2}) rotate(-90)" text-anchor="middle">${escape(yLabel)}</text>`);
  const legend = [];
  for (const line of targets) {
    const d = line.points.map((point, index) => `${index ? 'L' : 'M'}${px(point.x).toFixed(1)} ${py(point.y).toFixed(1)}`).join(' ');
    out.push(`<path d="${d}" fill="none" stroke="${COLORS.target}" stroke-width="1.5" stroke-dasharray="5 4"/>`);
    legend.push({ label: line.label, color: COLORS.target, dashed: true });
  }
  for (const line of series) {
    const color = COLORS[line.key] ?? '#000';
    const d = line.points.map((point, index) => `${index ? 'L' : 'M'}${px(point.x).toFixed(1)} ${py(point.y).toFixed(1)}`).join(' ');
    out.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="2.5"/>`);
    for (const point of line.points) {
      out.push(`<circle cx="${px(point.x).toFixed(1)}" cy="${py(point.y).toFixed(1)}" r="4" fill="${point.over ? '#fff' : color}" stroke="${color}" stroke-width="2"/>`);
      if (point.over) out.push(`<text x="${px(point.x) + 7}" y="${py(point.y) - 7}" fill="${color}">${escape(point.over)}</text>`);
    }
    legend.push({ label: line.label, color });
  }
  legend.forEach((entry, index) => {
    const y = MARGIN.top + 10 + index * 20;
    const x = WIDTH - MARGIN.right + 16;
    out.push(`<line x1="${x}" x2="${x + 22}" y1="${y}" y2="${y}" stroke="${entry.color}" stroke-width="${entry.dashed ? 1.5 : 2.5}"${entry.dashed ? ' stroke-dasharray="5 4"' : ''}/>`);
    out.push(`<text x="${x + 28}" y="${y + 4}">${escape(entry.label)}</text>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

const decadeBelow = (value) => 10 ** Math.floor(Math.log10(value));
const decadeAbove = (value) => 10 ** Math.ceil(Math.log10(value));

function formatNumber(value) {
  if (value >= 1000) return `${value / 1000}k`.replace('000k', 'M');
  return String(Number(value.toPrecision(3)));
}

function escape(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

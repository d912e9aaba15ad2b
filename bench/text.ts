// Post bodies for the generated dataset: a few realistic mobiledoc documents (~2 KB each), rendered
// once with pressroom's own renderer so stored html/plaintext match what the service would write.
import { htmlToPlaintext, readingTime, renderMobiledoc, type Mobiledoc } from '../lib/content';
import { pick, seeded } from './random';

export const WORDS = [
  'archive',
  'beacon',
  'cedar',
  'delta',
  'ember',
  'fjord',
  'garnet',
  'harbor',
  'island',
  'juniper',
  'kestrel',
  'lantern',
  'meadow',
  'nebula',
  'orchard',
  'pebble',
  'quartz',
  'river',
  'summit',
  'timber',
  'umber',
  'valley',
  'willow',
  'xenon',
  'yarrow',
  'zephyr',
  'anchor',
  'bramble',
  'canyon',
  'dune',
  'estuary',
  'falcon',
  'glacier',
  'heron',
  'iris',
  'jasper',
  'kelp',
  'lichen',
  'marsh',
  'nimbus',
  'osprey',
  'prairie',
  'quill',
  'reef',
  'sparrow',
  'tundra',
  'upland',
  'vesper',
  'wren',
  'zenith',
] as const;

export interface Body {
  mobiledoc: string;
  html: string;
  plaintext: string;
  readingTime: number;
}

function sentence(random: () => number, words: number): string {
  const list = Array.from({ length: words }, () => pick(random, WORDS));
  const text = list.join(' ');
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

function paragraph(random: () => number): string {
  return Array.from({ length: 3 + Math.floor(random() * 3) }, () => sentence(random, 8 + Math.floor(random() * 8))).join(' ');
}

/** A document; `extra` paragraphs at its end make it longer without changing what comes before. */
function template(seed: number, extra = 0): Mobiledoc {
  const random = seeded(seed);
  return {
    version: '0.3.1',
    ghostVersion: '4.0',
    atoms: [],
    markups: [['strong'], ['a', ['href', 'https://example.com/further-reading']], ['em']],
    cards: [
      ['image', { src: 'https://example.com/content/images/2024/01/photo.jpg', alt: 'A photo', caption: 'Seen from the ridge' }],
      ['code', { code: 'const answer = await service.fetch(request);\nconsole.log(answer.status);', language: 'js' }],
    ],
    sections: [
      [1, 'p', [[0, [], 0, paragraph(random)]]],
      [1, 'h2', [[0, [], 0, sentence(random, 4)]]],
      [
        1,
        'p',
        [
          [0, [], 0, `${sentence(random, 6)} `],
          [0, [0], 1, sentence(random, 3)],
          [0, [], 0, ` ${paragraph(random)} `],
          [0, [1], 1, 'Read more'],
        ],
      ],
      [10, 0],
      [3, 'ul', [[[0, [], 0, sentence(random, 5)]], [[0, [2], 1, sentence(random, 4)]], [[0, [], 0, sentence(random, 6)]]]],
      [1, 'p', [[0, [], 0, paragraph(random)]]],
      [10, 1],
      [1, 'blockquote', [[0, [], 0, sentence(random, 12)]]],
      ...Array.from({ length: extra }, (): Mobiledoc['sections'][number] => [1, 'p', [[0, [], 0, paragraph(random)]]]),
    ],
  };
}

/** Five distinct bodies, posts cycle through them; each with paragraphs added until its HTML is at least `htmlBytes` long. */
export function bodies(htmlBytes = 0): Body[] {
  return [1, 2, 3, 4, 5].map((seed) => {
    let doc = template(seed);
    let html = renderMobiledoc(doc);
    for (let extra = 1; html.length < htmlBytes; extra++) {
      doc = template(seed, extra);
      html = renderMobiledoc(doc);
    }
    return { mobiledoc: JSON.stringify(doc), html, plaintext: htmlToPlaintext(html), readingTime: readingTime({ html, featureImage: null }) };
  });
}

/** An HTML document of about `bytes` bytes, for `?source=html`. */
export function htmlDocument(bytes: number): string {
  const random = seeded(99);
  let html = '';
  for (let i = 0; html.length < bytes; i++) {
    if (i % 5 === 0) html += `<h2>${sentence(random, 4)}</h2>`;
    else if (i % 7 === 0) html += `<ul><li>${sentence(random, 5)}</li><li><em>${sentence(random, 4)}</em></li></ul>`;
    else if (i % 11 === 0) html += `<figure><img src="https://example.com/p${i}.jpg" alt="p"><figcaption>${sentence(random, 3)}</figcaption></figure>`;
    else html += `<p>${sentence(random, 10)} <strong>${sentence(random, 3)}</strong> <a href="https://example.com/${i}">link</a> ${paragraph(random)}</p>`;
  }
  return html;
}

import { Parser, parseDocument } from 'htmlparser2';
import { type AnyNode, type Element, type ParentNode, Text, isCDATA, isDirective, isTag, isText } from 'domhandler';
import render from 'dom-serializer';

/**
 * SVG uploads are re-emitted through an allow-list, the way DOMPurify's SVG profile works: htmlparser2
 * parses the document as XML, and only known drawing elements and attributes survive. Scripts,
 * `foreignObject`, animation (which can rewrite links), event handlers, and every reference that would
 * load something from elsewhere (`href` other than `#fragment` or an inline raster image, `url()` other
 * than `url(#…)`, CSS `@import`) are dropped. Served SVGs also get a restrictive CSP (lib/files/serve.ts).
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'desc',
  'title',
  'symbol',
  'use',
  'image',
  'switch',
  'style',
  'view',
  'a',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feImage',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
]);

const ATTRIBUTES = new Set([
  // core, namespaces, conditional processing
  'id',
  'class',
  'style',
  'lang',
  'tabindex',
  'xml:space',
  'xml:lang',
  'xmlns',
  'xmlns:xlink',
  'version',
  'baseProfile',
  'requiredFeatures',
  'requiredExtensions',
  'systemLanguage',
  'type',
  'media',
  // references (values are checked separately)
  'href',
  'xlink:href',
  'xlink:title',
  // geometry
  'width',
  'height',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'd',
  'points',
  'pathLength',
  'viewBox',
  'preserveAspectRatio',
  'transform',
  // paint servers, clipping, masking, markers
  'gradientTransform',
  'gradientUnits',
  'spreadMethod',
  'offset',
  'stop-color',
  'stop-opacity',
  'patternTransform',
  'patternUnits',
  'patternContentUnits',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  // filter primitives
  'filterUnits',
  'primitiveUnits',
  'in',
  'in2',
  'result',
  'stdDeviation',
  'dx',
  'dy',
  'mode',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'values',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'scale',
  'xChannelSelector',
  'yChannelSelector',
  'radius',
  'baseFrequency',
  'numOctaves',
  'seed',
  'stitchTiles',
  'kernelMatrix',
  'order',
  'divisor',
  'bias',
  'targetX',
  'targetY',
  'edgeMode',
  'preserveAlpha',
  'surfaceScale',
  'diffuseConstant',
  'specularConstant',
  'specularExponent',
  'kernelUnitLength',
  'azimuth',
  'elevation',
  'z',
  'pointsAtX',
  'pointsAtY',
  'pointsAtZ',
  'limitingConeAngle',
  'flood-color',
  'flood-opacity',
  'lighting-color',
  // text
  'textLength',
  'lengthAdjust',
  'rotate',
  'startOffset',
  'method',
  'spacing',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'font-family',
  'font-size',
  'font-size-adjust',
  'font-stretch',
  'font-style',
  'font-variant',
  'font-weight',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'writing-mode',
  'direction',
  'unicode-bidi',
  // presentation
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-opacity',
  'stroke-width',
  'opacity',
  'color',
  'color-interpolation',
  'color-interpolation-filters',
  'color-rendering',
  'shape-rendering',
  'text-rendering',
  'image-rendering',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'marker-start',
  'marker-mid',
  'marker-end',
  'display',
  'visibility',
  'overflow',
  'clip',
  'paint-order',
  'vector-effect',
  'isolation',
  'mix-blend-mode',
]);

// Raster images inlined as data: URLs load nothing from elsewhere and cannot run script.
const INLINE_RASTER = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
// CSS functions that fetch a resource from a string argument, and constructs that hide what a rule says.
const CSS_LOADERS = ['@import', 'image(', 'image-set(', 'cross-fade(', 'element(', 'src(', 'expression(', 'behavior', 'binding', '\\'];

function isLocalReference(value: string, element: string): boolean {
  const trimmed = value.trim();
  if (trimmed.startsWith('#')) return true;
  return (element === 'image' || element === 'feImage') && INLINE_RASTER.test(trimmed);
}

/** Whether CSS (a style attribute, a `<style>` sheet, or a presentation attribute) only refers inside the document. */
export function isSafeCss(css: string): boolean {
  const lower = css.toLowerCase();
  if (CSS_LOADERS.some((loader) => lower.includes(loader))) return false;
  for (let at = lower.indexOf('url('); at !== -1; at = lower.indexOf('url(', at + 4)) {
    const target = lower
      .slice(at + 4)
      .trimStart()
      .replace(/^["']/, '');
    if (!target.startsWith('#')) return false;
  }
  return true;
}

function cleanAttributes(element: Element): void {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(element.attribs)) {
    if (!ATTRIBUTES.has(name)) continue;
    if (name === 'href' || name === 'xlink:href') {
      if (!isLocalReference(value, element.name)) continue;
    } else if (name === 'xmlns') {
      if (value !== SVG_NS) continue;
    } else if (name === 'xmlns:xlink') {
      if (value !== XLINK_NS) continue;
    } else if (!isSafeCss(value)) {
      continue;
    }
    kept[name] = value;
  }
  element.attribs = kept;
}

function textOf(element: ParentNode): string {
  let text = '';
  for (const child of element.children) {
    if (isText(child)) text += child.data;
    else if (isCDATA(child)) for (const inner of child.children) if (isText(inner)) text += inner.data;
  }
  return text;
}

function clean(element: Element): void {
  cleanAttributes(element);
  if (element.name === 'style') {
    const css = textOf(element);
    element.children = isSafeCss(css) ? [new Text(css)] : [];
    return;
  }
  const kept: AnyNode[] = [];
  for (const child of element.children) {
    if (isText(child)) kept.push(child);
    else if (isCDATA(child)) kept.push(new Text(textOf(child)));
    else if (isTag(child) && ELEMENTS.has(child.name)) {
      clean(child);
      kept.push(child);
    }
    // anything else (unknown or dangerous elements with their content, comments, processing instructions) goes
  }
  element.children = kept;
}

// Deeper nesting than any drawing needs. The parser's own cost grows with the square of the depth and the
// walk and serialiser recurse, so depth is measured in a first streaming pass that stops as soon as it is passed.
const MAX_DEPTH = 200;

function tooDeep(text: string): boolean {
  let depth = 0;
  let exceeded = false;
  const parser: Parser = new Parser(
    {
      onopentag() {
        if (++depth > MAX_DEPTH && !exceeded) {
          exceeded = true;
          parser.pause();
        }
      },
      onclosetag() {
        depth--;
      },
    },
    { xmlMode: true },
  );
  parser.write(text);
  if (!exceeded) parser.end();
  return exceeded;
}

export type SvgResult = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The sanitised document as UTF-8, or why the bytes are not an SVG document we accept. */
export function sanitizeSvg(bytes: Uint8Array): SvgResult {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return { ok: false, reason: 'The SVG is not valid UTF-8 text.' };
  }
  if (tooDeep(text)) return { ok: false, reason: `The SVG nests elements more than ${MAX_DEPTH} deep.` };
  const document = parseDocument(text, { xmlMode: true });
  const root = document.children.find(isTag);
  // text outside the root is only the tail of a DOCTYPE's internal subset (`]>`), which the parser leaves behind
  const hasDoctype = document.children.some((node) => isDirective(node) && node.name.toLowerCase() === '!doctype');
  const strayText = document.children.some((node) => isText(node) && node.data.trim() !== '');
  if (!root || root.name !== 'svg' || (strayText && !hasDoctype)) return { ok: false, reason: 'The content is not an SVG document.' };
  clean(root);
  return { ok: true, bytes: new TextEncoder().encode(render(root, { xmlMode: true })) };
}

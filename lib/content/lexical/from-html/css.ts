import { LexicalError } from '../error';
import { getAttr, styleDeclarations, type Element } from './dom';

// The few inline-style values the reference's call-to-action, signup and Medium mixtape importers read
// through jsdom's CSSStyleDeclaration (cssstyle 4.6, whose colours go through a whole CSS colour library).
// pressroom reads the forms whose outcome it can state exactly — hex and integer rgb()/rgba() colours,
// colours without digits (keywords, `transparent`, invalid values), `url(…)` images — and refuses the rest
// with a LexicalError rather than guess (README, "Content formats").

/** A style value pressroom cannot read as the reference does: the HTML is refused, not converted differently. */
export class UnreadableStyleError extends LexicalError {}

function unsupported(what: string, value: string): UnreadableStyleError {
  return new UnreadableStyleError(`html has a card whose ${what} "${value}" pressroom cannot read as the reference does (hex or rgb() colours, url() images)`);
}

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const ALPHA = String.raw`(?:\d+|\d*\.\d+)%?`;
const RGB = [
  new RegExp(String.raw`^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*${ALPHA}\s*)?\)$`),
  new RegExp(String.raw`^rgba?\(\s*(\d+)\s+(\d+)\s+(\d+)\s*(?:\/\s*${ALPHA}\s*)?\)$`),
];

// colours without digits the style keeps (lower-cased): CSS named colours, system colours, the keywords
const NAMED_COLORS =
  'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen';
const SYSTEM_COLORS =
  'accentcolor accentcolortext activeborder activecaption activetext appworkspace background buttonborder buttonface buttonhighlight buttonshadow buttontext canvas canvastext captiontext field fieldtext graytext highlight highlighttext inactiveborder inactivecaption inactivecaptiontext infobackground infotext linktext mark marktext menu menutext scrollbar selecteditem selecteditemtext threeddarkshadow threedface threedhighlight threedlightshadow threedshadow visitedtext window windowframe windowtext';
const GLOBAL_KEYWORDS = new Set(['none', 'initial', 'inherit', 'unset', 'revert', 'revert-layer']);
const KEYWORD_COLORS = new Set([...`${NAMED_COLORS} ${SYSTEM_COLORS} transparent currentcolor`.split(' '), ...GLOBAL_KEYWORDS].filter((k) => k !== 'none'));

/**
 * A colour value as the style gives it, as far as `rgbToHex` can tell: `rgb(r, g, b)` (its alpha, which
 * rgbToHex ignores, left out), a keyword lower-cased, a `var(…)` as written, or '' for an invalid value.
 */
function color(value: string, what: string): string {
  const hex = HEX.exec(value);
  if (hex) {
    const digits = hex[1].length <= 4 ? [...hex[1]].map((d) => d + d) : (hex[1].match(/../g) as string[]);
    const [r, g, b] = digits.map((pair) => parseInt(pair, 16));
    return `rgb(${r}, ${g}, ${b})`;
  }
  const rgb = RGB[0].exec(value) ?? RGB[1].exec(value);
  if (rgb) {
    const [r, g, b] = [rgb[1], rgb[2], rgb[3]].map((n) => Math.min(255, Number(n)));
    return `rgb(${r}, ${g}, ${b})`;
  }
  if (/\d/.test(value)) throw unsupported(what, value);
  if (value.startsWith('var(')) return value;
  const keyword = value.toLowerCase();
  return KEYWORD_COLORS.has(keyword) ? keyword : '';
}

/** The colour a `background` shorthand sets: one colour and nothing else (other shorthands are refused). */
function backgroundShorthandColor(declared: string): string {
  if (HEX.test(declared) || RGB.some((re) => re.test(declared))) return color(declared, 'background');
  if (/[\s(]/.test(declared) && !declared.startsWith('var(')) throw unsupported('background', declared);
  // a var() empties the shorthand's parts; `none` and the global keywords set no colour of their own
  if (declared.startsWith('var(') || GLOBAL_KEYWORDS.has(declared.toLowerCase())) return '';
  return color(declared, 'background');
}

/**
 * The one declaration of the given properties, or null; jsdom's answer to a property declared twice
 * depends on which of the longhand and shorthand came first and whether the second is valid: refused.
 */
function single(element: Element, names: readonly string[], what: string): [string, string] | null {
  // comments and escapes change what the CSS parser reads; the split on ';' and ':' below knows neither
  const text = getAttr(element, 'style') ?? '';
  if (text.includes('/*') || text.includes('\\')) throw unsupported('style', text);
  const found = styleDeclarations(element).filter(([name]) => names.includes(name));
  if (found.length > 1)
    throw new UnreadableStyleError(`html has a card whose ${what} is declared more than once in one style, which pressroom cannot read as the reference does`);
  return found[0] ?? null;
}

/** `element.style.color`. */
export function styleColor(element: Element): string {
  const declaration = single(element, ['color'], 'color');
  return declaration ? color(declaration[1], 'color') : '';
}

/** `element.style.backgroundColor`: a `background-color`, or a `background` shorthand of one colour (no other shorthand). */
export function styleBackgroundColor(element: Element): string {
  const declaration = single(element, ['background-color', 'background'], 'background colour');
  if (!declaration) return '';
  return declaration[0] === 'background' ? backgroundShorthandColor(declaration[1]) : color(declaration[1], 'background colour');
}

const URL_IMAGE = /^url\((?:"([^"'(),\\\s]+)"|'([^"'(),\\\s]+)'|([^"'(),\\\s]+))\)$/;

/**
 * `element.style['background-image']` where it is one `url(…)` (serialized `url("…")`), `none`, or not
 * set (''); anything else is refused.
 */
export function styleBackgroundImage(element: Element): string {
  let value = '';
  for (const [name, declared] of styleDeclarations(element)) {
    if (name !== 'background-image') {
      if (name === 'background') throw unsupported('background', declared);
      continue;
    }
    if (declared.toLowerCase() === 'none') value = 'none';
    else {
      const url = URL_IMAGE.exec(declared);
      if (!url) throw unsupported('background image', declared);
      value = `url("${url[1] ?? url[2] ?? url[3]}")`;
    }
  }
  return value;
}

/** kg-default-nodes' rgbToHex, quirks included (`rgb(1)` gives "#01NaNNaN"; no digits, null). */
export function rgbToHex(rgb: string): string | null {
  if (rgb === 'transparent') return rgb;
  const numbers = rgb.match(/\d+/g);
  if (!numbers) return null;
  const hex = (n: string | undefined) => parseInt(String(n), 10).toString(16).padStart(2, '0');
  return `#${hex(numbers[0])}${hex(numbers[1])}${hex(numbers[2])}`;
}

import { describe, expect, it } from 'vitest';
import { MobiledocError, parseMobiledoc, validateMobiledoc } from '../../lib/content';

const base = { version: '0.3.1', atoms: [], cards: [], markups: [], sections: [] };
const json = (overrides: Record<string, unknown>): string => JSON.stringify({ ...base, ...overrides });

function error(input: string): MobiledocError {
  try {
    parseMobiledoc(input);
  } catch (caught) {
    expect(caught).toBeInstanceOf(MobiledocError);
    expect(caught).toBeInstanceOf(Error);
    return caught as MobiledocError;
  }
  throw new Error(`expected ${input} to be rejected`);
}

describe('parseMobiledoc: invalid documents', () => {
  it.each<[string, string, RegExp]>([
    ['not JSON', '{"version":', /not valid JSON/],
    ['empty string', '', /not valid JSON/],
    ['JSON null', 'null', /must be a JSON object/],
    ['JSON array', '[]', /must be a JSON object/],
    ['JSON string', '"x"', /must be a JSON object/],
    ['missing version', JSON.stringify({ sections: [] }), /version is missing/],
    ['version 0.2.0', json({ version: '0.2.0' }), /version "0\.2\.0" is not supported/],
    ['version 0.3.3', json({ version: '0.3.3' }), /not supported/],
    ['numeric version', json({ version: 0.3 }), /not supported/],
    ['sections missing', JSON.stringify({ version: '0.3.1' }), /sections must be an array/],
    ['sections not an array', json({ sections: {} }), /sections must be an array/],
    ['markups not an array', json({ markups: 'b' }), /markups must be an array/],
    ['ghostVersion a number', json({ ghostVersion: 4 }), /ghostVersion must be a string/],
    ['section not an array', json({ sections: ['p'] }), /section 0 must be a non-empty array/],
    ['empty section', json({ sections: [[]] }), /section 0 must be a non-empty array/],
    ['unknown section type', json({ sections: [[7, 'p', []]] }), /section 0 has unknown section type 7/],
    ['markup section without markers', json({ sections: [[1, 'p']] }), /section 0 must be \[1, tagName, markers/],
    ['markup section tag not a string', json({ sections: [[1, 5, []]] }), /section 0 has no tag name/],
    ['markers not an array', json({ sections: [[1, 'p', 'text']] }), /section 0 markers must be an array/],
    ['marker wrong length', json({ sections: [[1, 'p', [[0, [], 0]]]] }), /section 0 marker 0 must be/],
    ['marker unknown type', json({ sections: [[1, 'p', [[2, [], 0, 'x']]]] }), /marker 0 has unknown type 2/],
    ['marker text not a string', json({ sections: [[1, 'p', [[0, [], 0, 5]]]] }), /marker 0 text must be a string/],
    ['opens not an array', json({ sections: [[1, 'p', [[0, 0, 0, 'x']]]] }), /opened markups must be an array/],
    ['negative close count', json({ sections: [[1, 'p', [[0, [], -1, 'x']]]] }), /closed-markup count/],
    ['fractional markup index', json({ markups: [['b']], sections: [[1, 'p', [[0, [0.5], 1, 'x']]]] }), /not an index/],
    [
      'missing markup',
      json({
        markups: [['b']],
        sections: [
          [1, 'p', [[0, [], 0, 'a']]],
          [1, 'p', [[0, [7], 1, 'x']]],
        ],
      }),
      /section 1 references markup 7 which does not exist/,
    ],
    ['over-closing', json({ markups: [['b']], sections: [[1, 'p', [[0, [0], 2, 'x']]]] }), /closes 2 markups but only 1 are open/],
    [
      'closing across markers',
      json({
        markups: [['b']],
        sections: [
          [
            1,
            'p',
            [
              [0, [0], 1, 'x'],
              [0, [], 1, 'y'],
            ],
          ],
        ],
      }),
      /marker 1 closes 1 markups but only 0 are open/,
    ],
    ['missing atom', json({ sections: [[1, 'p', [[1, [], 0, 0]]]] }), /section 0 references atom 0 which does not exist/],
    ['atom reference not an index', json({ atoms: [['soft-return', '', {}]], sections: [[1, 'p', [[1, [], 0, 'x']]]] }), /atom reference must be an index/],
    ['missing card', json({ sections: [[10, 0]] }), /section 0 references card 0 which does not exist/],
    ['card index not an integer', json({ cards: [['hr', {}]], sections: [[10, '0']] }), /section 0 must be \[10, cardIndex\]/],
    ['image section without src', json({ sections: [[2]] }), /section 0 must be \[2, src\]/],
    ['list items not an array', json({ sections: [[3, 'ul', 'x']] }), /list items must be an array/],
    ['list item markers bad', json({ sections: [[3, 'ul', [[[0, [9], 1, 'x']]]]] }), /section 0 item 0 references markup 9/],
    ['markup without tag', json({ markups: [[]] }), /markup 0 must be \[tagName, attributes\?\]/],
    ['markup tag not a string', json({ markups: [[1]] }), /markup 0 has no tag name/],
    ['markup attributes odd', json({ markups: [['a', ['href']]] }), /markup 0 attributes must be a list of name\/value strings/],
    ['markup attributes not strings', json({ markups: [['a', ['href', 1]]] }), /markup 0 attributes/],
    ['atom wrong shape', json({ atoms: [['soft-return']] }), /atom 0 must be \[name, text, payload\]/],
    ['atom text not a string', json({ atoms: [['mention', 1, {}]] }), /atom 0 text must be a string/],
    ['atom payload not an object', json({ atoms: [['mention', 'x', []]] }), /atom 0 payload must be an object/],
    ['card wrong shape', json({ cards: ['hr'] }), /card 0 must be \[name, payload\]/],
    ['card payload not an object', json({ cards: [['html', '<p>x</p>']] }), /card 0 payload must be an object/],
    ['card without name', json({ cards: [['', {}]] }), /card 0 has no name/],
    ['section attributes odd', json({ sections: [[1, 'p', [], ['data-md-text-align']]] }), /section 0 attributes/],
  ])('%s', (_name, input, message) => {
    const caught = error(input);
    expect(caught.message).toMatch(message);
    expect(caught.message.startsWith('mobiledoc ')).toBe(true);
  });

  it('rejects a non-string argument', () => {
    expect(() => parseMobiledoc(undefined as unknown as string)).toThrow(MobiledocError);
  });
});

describe('parseMobiledoc: valid documents', () => {
  it('fills in missing markups, atoms and cards', () => {
    expect(parseMobiledoc('{"version":"0.3.0","sections":[]}')).toEqual({ ...base, version: '0.3.0' });
  });

  it('keeps ghostVersion and drops unknown top-level keys', () => {
    expect(parseMobiledoc(json({ ghostVersion: '4.0', extra: true }))).toEqual({ ...base, ghostVersion: '4.0' });
  });

  it('defaults a missing card or atom payload to {}', () => {
    const doc = parseMobiledoc(json({ cards: [['hr']], atoms: [['soft-return', '']], sections: [[10, 0]] }));
    expect(doc.cards).toEqual([['hr', {}]]);
    expect(doc.atoms).toEqual([['soft-return', '', {}]]);
  });

  it('accepts markups left open at the end of a section and unknown tag names', () => {
    expect(() =>
      parseMobiledoc(
        json({
          markups: [['b'], ['span']],
          sections: [
            [1, 'p', [[0, [0, 1], 0, 'x']]],
            [1, 'div', []],
          ],
        }),
      ),
    ).not.toThrow();
  });

  it('returns a copy that does not share arrays with the input', () => {
    const input = { ...base, markups: [['b']], sections: [[1, 'p', [[0, [0], 1, 'x']]]] };
    const doc = validateMobiledoc(input);
    (input.sections[0] as unknown[])[1] = 'h1';
    expect(doc.sections[0][1]).toBe('p');
  });

  it('accepts a realistic Ghost document', () => {
    const ghost =
      '{"version":"0.3.1","atoms":[["soft-return","",{}]],"cards":[["image",{"src":"https://x/y.jpg","width":800,"height":600}],["hr",{}]],' +
      '"markups":[["a",["href","https://ghost.org"]],["strong"]],"sections":[[1,"h2",[[0,[],0,"Title"]]],[1,"p",[[0,[0],1,"Ghost"],[0,[],0," is "],[0,[1],1,"great"],[1,[],0,0]]],[10,0],[10,1],[3,"ol",[[[0,[],0,"a"]]]]],"ghostVersion":"4.0"}';
    expect(parseMobiledoc(ghost).sections).toHaveLength(5);
  });
});

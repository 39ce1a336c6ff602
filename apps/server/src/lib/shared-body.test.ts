import { describe, expect, it } from 'vitest';
import { chooseEncoding, memoisedEncodingChooser } from './shared-body.ts';

const HEADERS = [
  undefined,
  '',
  'gzip, deflate, br',
  'gzip, deflate, br, zstd',
  'gzip;q=1, br;q=0',
  'BR',
  'br;q=0, gzip;q=0',
  'br;q=0.0',
  'identity',
  'deflate',
  '*',
  '*;q=0',
  ' gzip ; q=0.5 ',
  'x-custom, gzip',
];

describe('shared body encoding', () => {
  it('picks brotli, else gzip, else none, as the client allows', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip;q=1, br;q=0')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
  });

  it('answers from memory exactly as it answers afresh', () => {
    const encodingFor = memoisedEncodingChooser();
    for (let round = 0; round < 3; round++)
      for (const header of HEADERS) expect(encodingFor(header)).toBe(chooseEncoding(header));
  });

  it('remembers a bounded number of header values', () => {
    const encodingFor = memoisedEncodingChooser(8);
    for (let i = 0; i < 1000; i++) {
      const header = `x-${i}, ${i % 2 ? 'br' : 'gzip'}`;
      expect(encodingFor(header)).toBe(i % 2 ? 'br' : 'gzip');
    }
    for (const header of HEADERS) expect(encodingFor(header)).toBe(chooseEncoding(header));
  });
});

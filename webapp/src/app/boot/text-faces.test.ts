import { facesFor, type TextFace } from './text-faces';

const key = (face: TextFace) => face.join(' ');

describe('facesFor', () => {
  test('a page with a list of its own gets the frame’s faces and its own, each once', () => {
    for (const path of ['/', '/homepage', '/browse', '/movie/603']) {
      const keys = facesFor(path).map(key);
      expect(new Set(keys).size, path).toBe(keys.length);
      expect(keys, path).toEqual(expect.arrayContaining(facesFor('/about').map(key)));
      expect(keys.length, path).toBeGreaterThan(facesFor('/about').length);
    }
  });

  test('the router’s rules pick the page: case and a trailing slash do not count, a path that is no movie is not one', () => {
    expect(facesFor('/Browse/').map(key)).toEqual(facesFor('/browse').map(key));
    expect(facesFor('/movie/603').map(key)).toContain('display 700 clamp(1.6rem, 1.2rem + 1.6vw, 2.3rem)');
    expect(facesFor('/movie/603/cast').map(key)).toEqual(facesFor('/about').map(key));
  });
});

import { posterSrc } from './favorite-grid';

describe('posterSrc', () => {
  it.each([
    // [poster_url, poster_path, shown]
    ['/api/demo/poster/155.svg', '/api/demo/poster/155.svg', '/api/demo/poster/155.svg'],
    ['https://image.tmdb.org/t/p/w342/a.jpg', 'https://evil.example/x.png', 'https://image.tmdb.org/t/p/w342/a.jpg'],
    [null, 'https://evil.example/x.png', null],
    [null, '/api/demo/poster/155.svg', null],
    [null, '/poster-11.jpg', 'https://image.tmdb.org/t/p/w300/poster-11.jpg'],
    [null, '/a/b.jpg', null],
    ['javascript:alert(1)', null, null],
    [null, null, null],
  ])('poster_url %s, poster_path %s → %s', (poster_url, poster_path, shown) => {
    expect(posterSrc({ poster_url, poster_path })).toBe(shown);
  });
});

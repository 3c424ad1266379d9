import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { MovieCard, yearOf } from './movie-card';

describe('MovieCard', () => {
  it('links the poster, title, year and rating to the movie page', () => {
    renderWithProviders(<MovieCard id={603} title="The Matrix" posterUrl="https://img/w342/m.jpg" year="1999-03-31" rating={8.216} />);
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', '/movie/603');
    expect(link).toHaveTextContent('The Matrix');
    expect(link).toHaveTextContent('1999');
    expect(link).toHaveTextContent('Rating 8.2');
    expect(link.querySelector('img')).toHaveAttribute('src', 'https://img/w342/m.jpg');
  });

  it('shows the title on a placeholder without a poster (or when it fails to load)', () => {
    const { unmount } = renderWithProviders(<MovieCard id={1} title="Mies vailla menneisyyttä" posterUrl={null} year={2002} rating={0} />);
    const link = screen.getByRole('link', { name: /Mies vailla menneisyyttä/ });
    expect(link.querySelector('img')).toBeNull();
    expect(link).toHaveTextContent('N/A');
    unmount();

    renderWithProviders(<MovieCard id={2} title="Broken" posterUrl="https://img/missing.jpg" />);
    fireEvent.error(screen.getByRole('link').querySelector('img') as HTMLImageElement);
    expect(screen.getByRole('link').querySelector('img')).toBeNull();
    expect(screen.getByRole('link')).toHaveTextContent('Year unknown');
  });

  it('renders actions outside the link', () => {
    renderWithProviders(<MovieCard id={3} title="Tove" posterUrl={null} actions={<button type="button">Favorite</button>} />);
    const button = screen.getByRole('button', { name: 'Favorite' });
    expect(screen.getByRole('link')).not.toContainElement(button);
  });

  it('reads years', () => {
    expect(yearOf('1999-03-31')).toBe('1999');
    expect(yearOf(2002)).toBe('2002');
    expect(yearOf('')).toBeNull();
    expect(yearOf(null)).toBeNull();
  });
});

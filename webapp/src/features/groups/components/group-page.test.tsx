import { screen, within } from '@testing-library/react';
import { hintKey } from '../lib/membership-hint';
import { makeGroup, makeMember } from '../testing/group-fixtures';
import { OWNER, makeWorld, serveGroup } from '../testing/fake-group-api';
import { renderGroupPage } from '../testing/render-group';

const LONG = 'Kauhuelokuvien ystävien kerho. '.repeat(9).trim();

describe('the group page (PRODUCT-SPEC §2)', { timeout: 15_000 }, () => {
  it('says Loading, then shows the header, the facts and the about text', async () => {
    const world = makeWorld({
      group: makeGroup({ owner_id: OWNER.id, owner_name: OWNER.username, visibility: 'public', theme_id: 2 }),
    });
    serveGroup(world);
    renderGroupPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');

    expect(await screen.findByRole('heading', { level: 1, name: 'Kauhukerho' })).toBeInTheDocument();
    expect(screen.getByText('Horror, Thriller')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Group Link' })).toHaveAttribute('title', 'Copy Group Link');
    expect(screen.getByRole('article')).toHaveClass('theme-green');
    expect(document.title).toBe('Kauhukerho · Leffaseura');

    const facts = screen.getByRole('complementary', { name: 'Facts' });
    const fact = (name: string) => within(facts).getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(within(facts).getByRole('link', { name: 'omistaja' })).toHaveAttribute('href', '/profile/1');
    expect(fact('Members')).toHaveTextContent('1');
    expect(fact('Created')).toHaveTextContent('14 October 2025');
    expect(fact('Visibility')).toHaveTextContent('Public');

    const about = screen.getByRole('region', { name: 'About this Group' });
    expect(about).toHaveTextContent('Pelottavia elokuvia perjantaisin.');
    expect(within(about).queryByRole('button')).not.toBeInTheDocument();
  });

  it('speaks Finnish: the facts, the date in fi-FI and the panel', async () => {
    serveGroup(makeWorld({ group: makeGroup({ owner_id: OWNER.id, owner_name: OWNER.username, visibility: 'private' }) }));
    renderGroupPage('/groups/12', 'fi');
    const facts = await screen.findByRole('complementary', { name: 'Tiedot' });
    expect(within(facts).getByText('Perustettu', { selector: 'dt' }).nextElementSibling).toHaveTextContent('14. lokakuuta 2025');
    expect(within(facts).getByText('Näkyvyys', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Yksityinen');
    expect(screen.getByRole('button', { name: 'Kopioi ryhmän linkki' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pyydä liittymistä' })).toBeInTheDocument();
    expect(screen.getByText('Ryhmän suosikit ja toiminta näkyvät vain jäsenille.')).toBeInTheDocument();
  });

  it.each([
    [1, 'theme-blue'],
    [3, 'theme-purple'],
    [4, 'theme-orange'],
  ])('gives theme %s the class %s', async (themeId, className) => {
    serveGroup(makeWorld({ group: makeGroup({ theme_id: themeId }) }));
    renderGroupPage();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('article')).toHaveClass(className);
  });

  it('says Group not found for a missing group and for an address that is no id', async () => {
    serveGroup(makeWorld());
    renderGroupPage('/groups/99');
    expect(await screen.findByRole('heading', { name: 'Group not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse groups' })).toHaveAttribute('href', '/groups');
  });

  it('says Group not found at once for an address that is no id', () => {
    serveGroup(makeWorld());
    renderGroupPage('/groups/abc');
    expect(screen.getByRole('heading', { name: 'Group not found' })).toBeInTheDocument();
  });

  it('writes Unknown without an owner, 0 members without a count, and the description fallback', async () => {
    const world = makeWorld({ group: makeGroup({ owner_name: '', description: '' }) }, null);
    world.members = [];
    serveGroup(world);
    renderGroupPage();
    const facts = await screen.findByRole('complementary', { name: 'Facts' });
    expect(within(facts).getByText('Owner', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Unknown');
    expect(within(facts).getByText('Members', { selector: 'dt' }).nextElementSibling).toHaveTextContent('0');
    expect(screen.getByText('No description available.')).toBeInTheDocument();
  });

  it('folds a description beyond 200 characters behind Read more / Read less', async () => {
    serveGroup(makeWorld({ group: makeGroup({ description: LONG }) }));
    const { user } = renderGroupPage();
    const about = await screen.findByRole('region', { name: 'About this Group' });
    expect(about).not.toHaveTextContent(LONG);
    await user.click(within(about).getByRole('button', { name: 'Read more' }));
    expect(about).toHaveTextContent(LONG);
    await user.click(within(about).getByRole('button', { name: 'Read less' }));
    expect(about).not.toHaveTextContent(LONG);
  });

  it('shows 8 genre tags and the rest behind Show all / Hide', async () => {
    const genres = Array.from({ length: 10 }, (_, i) => ({ genre_id: i + 1, genre_name: `Genre ${i + 1}` }));
    serveGroup(makeWorld({ group: makeGroup({ genres, tags: genres.map((g) => g.genre_id) }) }));
    const { user } = renderGroupPage();
    const facts = await screen.findByRole('complementary', { name: 'Facts' });
    expect(within(facts).getAllByRole('listitem')).toHaveLength(8);
    await user.click(within(facts).getByRole('button', { name: 'Show all' }));
    expect(within(facts).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(facts).getByRole('button', { name: 'Hide' }));
    expect(within(facts).getAllByRole('listitem')).toHaveLength(8);
  });

  it('shows a poster when there is one', async () => {
    serveGroup(makeWorld({ group: makeGroup({ poster_url: 'https://example.fi/p.jpg' }) }));
    renderGroupPage();
    expect(await screen.findByRole('img', { name: 'Poster of Kauhukerho' })).toHaveAttribute('src', 'https://example.fi/p.jpg');
  });

  it('gives a visitor no panel, a login prompt and the members-only notice', async () => {
    serveGroup(makeWorld({}, null));
    renderGroupPage();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: /Join|Request/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login / Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('This group’s favorites and activity are visible to members only.')).toBeInTheDocument();
  });

  it('remembers a member for 24 hours and asks for the favorites with the group on the next visit', async () => {
    const world = makeWorld();
    world.members.push(makeMember(7, 'kaisa', 'member'));
    serveGroup(world);
    const first = renderGroupPage();
    await screen.findByRole('tab', { name: 'Group Favorites' });
    expect(JSON.parse(localStorage.getItem(hintKey(12, 7)) ?? '{}')).toMatchObject({ role: 'member' });
    first.unmount();

    const calls = serveGroup(world);
    // The group answers only when the test says so.
    const served = globalThis.fetch;
    let answer = () => {};
    const gate = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname.endsWith('/groups/12')) await gate;
      return served(request);
    });
    renderGroupPage();
    await vi.waitFor(() => expect(calls.map((call) => call.path)).toContain('/favorites/group/12'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    answer();
    await screen.findByRole('heading', { level: 1 });
  });
});

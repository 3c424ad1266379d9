import { screen, within } from '@testing-library/react';
import type { components } from '@/api/schema';
import { makeReview } from '@/components/review/testing/review-fixtures';
import { makeGroup, makeMember } from '../testing/group-fixtures';
import { OWNER, makeWorld, serveGroup } from '../testing/fake-group-api';
import { renderGroupPage } from '../testing/render-group';

const ME = { id: 7, username: 'kaisa' };

function favorite(n: number): components['schemas']['Favorite'] {
  return {
    id: n,
    tmdb_id: 600 + n,
    movie_id: 600 + n,
    type: 3,
    group_id: 12,
    original_title: `Film ${n}`,
    release_year: 2000 + n,
    poster_path: null,
    poster_url: null,
    imdb_rating: null,
    created_at: '2025-10-16T09:00:00Z',
    added_by: OWNER.id,
  };
}

function memberWorld(role: 'member' | 'moderator') {
  const world = makeWorld({}, ME);
  world.members.push(makeMember(ME.id, ME.username, role));
  return world;
}

describe('group favorites (PRODUCT-SPEC §2, §4, §9)', { timeout: 15_000 }, () => {
  it('shows 8 a page, each linking to its movie, with Prev/Next', async () => {
    const world = memberWorld('member');
    world.favorites = Array.from({ length: 10 }, (_, i) => favorite(i + 1));
    const calls = serveGroup(world);
    const { user } = renderGroupPage();
    const list = await screen.findByRole('list', { name: 'Favorite movies of Kauhukerho' });
    expect(within(list).getAllByTestId('group-favorite')).toHaveLength(8);
    expect(within(list).getByRole('link', { name: 'Film 1 (2001)' })).toHaveAttribute('href', '/movie/601');
    // A plain member cannot remove anything.
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === '/favorites/group/12')?.query.get('limit')).toBe('8');

    await user.click(screen.getByRole('button', { name: /Next/ }));
    await vi.waitFor(() => expect(within(screen.getByRole('list', { name: 'Favorite movies of Kauhukerho' })).getAllByTestId('group-favorite')).toHaveLength(2));
    expect(calls.at(-1)?.query.get('offset')).toBe('8');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('says No movies yet in favorites. when there are none', async () => {
    serveGroup(memberWorld('member'));
    renderGroupPage();
    expect(await screen.findByText('No movies yet in favorites.')).toBeInTheDocument();
  });

  it('lets a moderator remove one after "Remove this movie from group favorites?"', async () => {
    const world = memberWorld('moderator');
    world.favorites = [favorite(1), favorite(2)];
    const calls = serveGroup(world);
    const { user } = renderGroupPage();
    const list = await screen.findByRole('list', { name: 'Favorite movies of Kauhukerho' });
    await user.click(within(list).getByRole('button', { name: 'Remove Film 1 from group favorites' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove from group favorites' });
    expect(dialog).toHaveAccessibleDescription('Remove this movie from group favorites?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(within(list).getAllByTestId('group-favorite')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/favorites/601/3/group/12')).toBe(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('alerts "Failed to remove movie from favorites" and closes the question when removal fails', async () => {
    const world = memberWorld('moderator');
    world.favorites = [favorite(1)];
    world.fail['DELETE /favorites/601/3/group/12'] = { status: 500 };
    serveGroup(world);
    const { user } = renderGroupPage();
    await user.click(await screen.findByRole('button', { name: 'Remove Film 1 from group favorites' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alertdialog', { name: 'Failed to remove movie from favorites' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog', { name: 'Remove from group favorites' })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('group-favorite')).toHaveLength(1);
  });
});

describe('group activity (PRODUCT-SPEC §2, §9)', { timeout: 15_000 }, () => {
  it('lists the members’ reviews 5 a page with their movie, and the author edits theirs in place', async () => {
    const world = memberWorld('member');
    world.reviews = Array.from({ length: 6 }, (_, i) =>
      makeReview({ id: i + 1, user_id: i === 0 ? ME.id : OWNER.id, username: i === 0 ? ME.username : OWNER.username, movie_name: `Film ${i + 1}` }),
    );
    const calls = serveGroup(world);
    const { user } = renderGroupPage('/groups/12?tab=activity');
    const list = await screen.findByRole('list', { name: 'Reviews by members of Kauhukerho' });
    expect(within(list).getAllByTestId('review')).toHaveLength(5);
    expect(calls.find((c) => c.path === '/reviews/group/12')?.query.get('limit')).toBe('5');
    expect(within(list).getByRole('link', { name: /Film 1/ })).toHaveAttribute('href', '/movie/603#review-1');

    const own = within(list).getByRole('article', { name: 'Review of Film 1' });
    await user.click(within(own).getByRole('button', { name: 'Edit' }));
    expect(within(own).getByLabelText('Edit your review')).toHaveValue('A fine film about choices.');

    await user.click(screen.getByRole('button', { name: /Next/ }));
    await vi.waitFor(() => expect(within(screen.getByRole('list', { name: 'Reviews by members of Kauhukerho' })).getAllByTestId('review')).toHaveLength(1));
  });

  it('says No reviews yet from group members. when there are none', async () => {
    serveGroup(memberWorld('member'));
    renderGroupPage('/groups/12?tab=activity');
    expect(await screen.findByText('No reviews yet from group members.')).toBeInTheDocument();
  });
});

describe('the moderation log', { timeout: 15_000 }, () => {
  it('is a tab for moderators, listing what happened', async () => {
    const world = memberWorld('moderator');
    world.modlog = [
      { id: 1, action: 'remove_member', actor: 'omistaja', actor_id: 1, target: 'ville', target_user_id: 9, reason: null, created_at: '2025-10-16T09:00:00Z' },
    ];
    serveGroup(world);
    const { user } = renderGroupPage();
    await user.click(await screen.findByRole('tab', { name: 'Moderation log' }));
    expect(await screen.findByText('omistaja removed ville from the group')).toBeInTheDocument();
  });
});

describe('the edit dialog (PRODUCT-SPEC §5, §8)', { timeout: 15_000 }, () => {
  async function openEdit() {
    const world = makeWorld({ group: makeGroup({ owner_id: ME.id, description: 'Vanha kuvaus' }) }, ME);
    world.members = [makeMember(ME.id, ME.username, 'owner')];
    const calls = serveGroup(world);
    const result = renderGroupPage();
    await result.user.click(within(await screen.findByRole('region', { name: 'Your membership' })).getByRole('button', { name: 'Edit Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit group' });
    await within(dialog).findByRole('checkbox', { name: 'Comedy' });
    return { ...result, calls, dialog, world };
  }

  it('sends only the changed fields', async () => {
    const { user, calls, dialog } = await openEdit();
    const description = within(dialog).getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Uusi kuvaus');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Comedy' }));
    await user.click(within(dialog).getByRole('radio', { name: /Private/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Group updated successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ description: 'Uusi kuvaus', visibility: 'private', tags: [27, 53, 35] });
    expect(screen.queryByRole('dialog', { name: 'Edit group' })).not.toBeInTheDocument();
    expect(await screen.findByText('Uusi kuvaus')).toBeInTheDocument();
  });

  it('just closes without changes, and ignores an emptied name', async () => {
    const { user, calls, dialog } = await openEdit();
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(screen.queryByRole('dialog', { name: 'Edit group' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('says Failed to update group. and keeps the dialog when saving fails', async () => {
    const { user, dialog, world } = await openEdit();
    world.fail['PUT /groups/12'] = { status: 500 };
    await user.type(within(dialog).getByLabelText('Name'), ' 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to update group.');
    expect(screen.getByRole('dialog', { name: 'Edit group' })).toBeInTheDocument();
  });
});

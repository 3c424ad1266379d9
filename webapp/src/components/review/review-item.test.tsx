import { screen, within } from '@testing-library/react';
import { reply } from '@/testing/api-reply';
import { logIn, mockApi, renderWithProviders, testUser } from '@/testing/render';
import { makeReview, notFound } from './testing/review-fixtures';
import { ReviewItem } from './review-item';

const OWN_REVIEW_REASON = 'You cannot react to your own review';
const VISITOR_REASON = 'Log in to like or dislike reviews';

const long = `${'a'.repeat(290)} bbbbbbbbbb cccc`; // 306 characters

function renderItem(review = makeReview(), viewerId: number | null = testUser.id) {
  return renderWithProviders(<ReviewItem review={review} viewerId={viewerId} />);
}

describe('ReviewItem', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows author, stars, date and text, without Read more up to 300 characters', () => {
    renderItem(makeReview({ content: 'x'.repeat(300) }));
    const review = screen.getByRole('article', { name: 'Review by mikko' });
    expect(within(review).getByRole('link', { name: 'mikko' })).toHaveAttribute('href', '/profile/5');
    expect(within(review).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(review).getByText('14 October 2025')).toBeInTheDocument();
    expect(within(review).getByText('x'.repeat(300))).toBeInTheDocument();
    expect(within(review).queryByRole('button', { name: 'Read more' })).not.toBeInTheDocument();
  });

  it('folds text beyond 300 characters behind Read more / Read less', async () => {
    const { user } = renderItem(makeReview({ content: long }));
    const text = screen.getByText(/^a+/);
    expect(text.textContent).toBe(`${long.slice(0, 300).trimEnd()}…`);
    const more = screen.getByRole('button', { name: 'Read more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(text.textContent).toBe(long);
    const less = screen.getByRole('button', { name: 'Read less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(text.textContent).toHaveLength(301);
  });

  it('does not let authors react to their own review, and offers them Edit and Delete', () => {
    logIn({ ...testUser, id: 5 });
    renderItem(makeReview(), 5);
    const like = screen.getByRole('button', { name: /^Like/ });
    const dislike = screen.getByRole('button', { name: /^Dislike/ });
    expect(like).toBeDisabled();
    expect(dislike).toBeDisabled();
    expect(like).toHaveAttribute('title', OWN_REVIEW_REASON);
    expect(screen.getByRole('group', { name: 'Reactions' })).toHaveAttribute('title', OWN_REVIEW_REASON);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('shows visitors the counts on disabled buttons, and no Edit or Delete', () => {
    renderItem(makeReview(), null);
    const like = screen.getByRole('button', { name: 'Like 2' });
    expect(like).toBeDisabled();
    expect(like).toHaveAttribute('title', VISITOR_REASON);
    expect(screen.getByRole('button', { name: 'Dislike 1' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('likes, then clears the like with the same button (the API gets like, then no type)', async () => {
    logIn();
    const bodies: unknown[] = [];
    mockApi(({ method, path, body }) => {
      if (method === 'POST' && path === '/reviews/1/interaction') {
        bodies.push(body);
        const type = (body as { type?: 'like' }).type ?? null;
        const review = makeReview({ likes: type === 'like' ? 3 : 2, my_interaction: type });
        return reply('/reviews/{id}/interaction', 'post', 200, { success: true, data: { interaction: { ...review, type }, review } });
      }
      return notFound;
    });
    const { user } = renderItem();
    const like = screen.getByRole('button', { name: /^Like/ });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await user.click(like);
    await vi.waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(like).toHaveTextContent('3');
    await vi.waitFor(() => expect(bodies).toHaveLength(1));

    await user.click(like);
    await vi.waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    expect(like).toHaveTextContent('2');
    await vi.waitFor(() => expect(bodies).toEqual([{ type: 'like' }, {}]));
  });

  it('switches a like to a dislike in one step', async () => {
    logIn();
    mockApi(({ method, path, body }) => {
      if (method === 'POST' && path === '/reviews/1/interaction') {
        const review = makeReview({ likes: 1, dislikes: 2, my_interaction: 'dislike' });
        return reply('/reviews/{id}/interaction', 'post', 200, { success: true, data: { interaction: { ...review, type: (body as { type: 'like' | 'dislike' }).type }, review } });
      }
      return notFound;
    });
    const { user } = renderItem(makeReview({ my_interaction: 'like' }));
    await user.click(screen.getByRole('button', { name: /^Dislike/ }));
    const dislike = screen.getByRole('button', { name: /^Dislike/ });
    await vi.waitFor(() => expect(dislike).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('button', { name: /^Like/ })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: /^Like/ })).toHaveTextContent('1');
  });

  it('puts the counts back and says "Failed to update interaction" when the server refuses', async () => {
    logIn();
    mockApi(() => ({ status: 500, body: { success: false, code: 'internal', message: 'Internal error' } }));
    const { user } = renderItem();
    const like = screen.getByRole('button', { name: /^Like/ });
    await user.click(like);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update interaction');
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(like).toHaveTextContent('2');
  });

  it('edits in place: only the changed fields go out, and the new text shows', async () => {
    logIn({ ...testUser, id: 5 });
    const calls = mockApi(({ method, path, body }) => {
      if (method === 'PUT' && path === '/reviews/1') {
        const changes = body as { content?: string; rating?: number };
        return reply('/reviews/{id}', 'put', 200, { success: true, data: { review: makeReview({ ...changes, updated_at: '2025-10-20T10:00:00Z' }) } });
      }
      return notFound;
    });
    const { user } = renderItem(makeReview(), 5);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const text = screen.getByRole('textbox', { name: 'Edit your review' });
    expect(text).toHaveValue('A fine film about choices.');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Edit' });
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ rating: 5 }]);
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText(/edited/)).toBeInTheDocument();
  });

  it('cancels an edit without a call, and saves nothing when nothing changed', async () => {
    logIn({ ...testUser, id: 5 });
    const calls = mockApi(() => notFound);
    const { user } = renderItem(makeReview(), 5);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit your review' }), ' Really.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('A fine film about choices.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Edit your review' })).toHaveValue('A fine film about choices.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('keeps the editor open with "Failed to update review" and the reason when saving fails', async () => {
    logIn({ ...testUser, id: 5 });
    mockApi(() => ({ status: 400, body: { success: false, code: 'invalid_content', message: 'Review text is too long.', field: 'content' } }));
    const { user } = renderItem(makeReview(), 5);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit your review' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      // The reason is said by its code (the catalogue's words), not the server's English.
      'Failed to update review: Review text is required (at most 5000 characters).',
    );
    expect(screen.getByRole('textbox', { name: 'Edit your review' })).toBeInTheDocument();
  });

  it('refuses to save an edit emptied of text', async () => {
    logIn({ ...testUser, id: 5 });
    const calls = mockApi(() => notFound);
    const { user } = renderItem(makeReview(), 5);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByRole('textbox', { name: 'Edit your review' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please write your review before posting it.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('deletes after a confirmation, then puts focus on the list heading', async () => {
    logIn({ ...testUser, id: 5 });
    const calls = mockApi(({ method, path }) => (method === 'DELETE' && path === '/reviews/1' ? { status: 204 } : notFound));
    const { user } = renderWithProviders(
      <section>
        <h2>Community reviews</h2>
        <ReviewItem review={makeReview()} viewerId={5} />
      </section>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete review' });
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete review' })).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /reviews/1']);
    await vi.waitFor(() => expect(screen.getByRole('heading', { name: 'Community reviews' })).toHaveFocus());
  });

  it('says "Failed to delete review" when the delete fails, and keeps the review', async () => {
    logIn({ ...testUser, id: 5 });
    mockApi(() => ({ status: 403, body: { success: false, code: 'not_author', message: 'Only the author can delete this review.' } }));
    const { user } = renderItem(makeReview(), 5);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete review: Only the author can change this review.');
    expect(screen.getByRole('article')).toBeInTheDocument();
  });

  it('names the movie and links to the review on its page in lists across movies', () => {
    renderWithProviders(<ReviewItem review={makeReview({ id: 9 })} viewerId={null} showMovie hideAuthor />);
    expect(screen.getByRole('article', { name: 'Review of The Matrix' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The Matrix (1999)' })).toHaveAttribute('href', '/movie/603#review-9');
    expect(screen.queryByRole('link', { name: 'mikko' })).not.toBeInTheDocument();
  });

  it('offers Report to signed-in readers who are not the author, and to nobody else', () => {
    const { unmount } = renderItem(makeReview(), testUser.id);
    expect(screen.getByRole('button', { name: 'Report the review by mikko' })).toHaveTextContent('Report');
    unmount();
    const visitor = renderItem(makeReview(), null);
    expect(screen.queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
    visitor.unmount();
    renderItem(makeReview(), 5);
    expect(screen.queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
  });
});

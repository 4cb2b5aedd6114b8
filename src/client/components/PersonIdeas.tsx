/**
 * A person's published ideas as the kit's card grid (hunter and user pages): the spec's empty text,
 * cards with image, title, description, price, date and tags. A click opens the idea for members and
 * /login for visitors (docs/spec/publishing-and-browsing.md §6).
 */
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import { PEOPLE_MSG } from '../lib/people.ts';
import { IdeaCard } from './IdeaCard.tsx';
import { CardGrid } from './ui/CardGrid.tsx';

export function PersonIdeas({ ideas, loggedIn, label }: { ideas: readonly IdeaDto[]; loggedIn: boolean; label: string }) {
  if (ideas.length === 0) {
    return (
      <div className="empty-state" data-testid="person-empty">
        <p className="empty-state-title">{PEOPLE_MSG.empty}</p>
      </div>
    );
  }
  return (
    <CardGrid label={label}>
      {ideas.map((idea) => (
        <IdeaCard key={idea.id} idea={idea} href={loggedIn ? `/idea/${idea.id}` : '/login'} headingLevel={3} />
      ))}
    </CardGrid>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { PeoplePage } from '../features/people/admin/PeoplePage';

// The page is a chunk of its own (autoCodeSplitting), fetched only when an admin opens it: no other page grows.
export const Route = createFileRoute('/people')({ component: PeoplePage });

import { createFakeTeamStore } from '../../../src/git/fake-team-store.js';
import { describeTeamStoreConformance } from './team-store-conformance.js';

describeTeamStoreConformance('in-memory fake', () => createFakeTeamStore());

import { createFakeTeamStore } from '../../../../src/team/store/fake-team-store.js';
import { describeTeamStoreConformance } from './team-store-conformance.js';

describeTeamStoreConformance('in-memory fake', () => createFakeTeamStore());

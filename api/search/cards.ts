// Moved: an industry's colour is vocabulary (vocabulary/industries.ts). Kept only until
// api/routes/policies/policy-reads.ts imports it from there (issue 28's merge), then deleted.
export { industryColor } from '../../vocabulary/industries.ts';

/**
 * The deployment areas (one nested stack each) are declared with the modules, in
 * shared/manifest/areas.ts, because each module's manifest names its area; the area of every
 * group is derived from the manifests (GROUP_AREAS in lib/manifest.ts).
 */
export { AREAS, type AreaName, isAreaName } from '../shared/manifest/areas';

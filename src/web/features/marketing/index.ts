/** The marketing feature's public face: pages and other features import only from here. */
export { FeatureGrid, SectionHeading, StepList, type Step } from './StepList';

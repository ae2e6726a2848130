/** The marketing feature's public face: pages and other features import only from here. */
export { LegalDocument, type LegalSection } from './LegalDocument';
export { FeatureGrid, SectionHeading, StepList, type Step } from './StepList';

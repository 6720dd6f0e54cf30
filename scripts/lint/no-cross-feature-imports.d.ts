/** Types of the feature-boundary lint rule (plain JS so eslint.config.js loads it without a loader). */
import type { Rule } from 'eslint';

export declare const noCrossFeatureImports: Rule.RuleModule;

// The analysis results are shared with the renderer, so they live in core/model.
export * from '../model/analysis.js';

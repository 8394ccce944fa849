import * as core from '@actions/core';
import type { AnnotationProperties } from '@actions/core';
import { ConfigurationError } from '../core/errors.js';
import { InvalidFileError } from '../core/golden/yaml-source.js';
import { MAX_ANNOTATIONS_PER_LEVEL, type Annotation } from '../core/report/annotations.js';
import { repoPath } from './config-source.js';
import { safeText } from './log.js';

/** The action's own error line (`setFailed`, the step's verdict) needs one of GitHub's 10 error annotations per step. */
export const VERDICT_SLOTS = 1;

/** Prints planned annotations as workflow commands (`::error file=…,line=…::…`); an empty file means a step-level one. */
export function emitAnnotations(annotations: readonly Annotation[]): void {
  for (const annotation of annotations) {
    const properties: AnnotationProperties = { title: annotation.title };
    if (annotation.file) {
      properties.file = annotation.file;
      properties.startLine = annotation.startLine;
      if (annotation.startColumn !== undefined) properties.startColumn = annotation.startColumn;
    }
    // Check messages quote the server: redacted and inert (safeText), title included.
    if (properties.title) properties.title = safeText(properties.title);
    core[annotation.level](safeText(annotation.message), properties);
  }
}

/** A configuration mistake with a location, annotated where it was made (tasks.yaml:12:5), each problem once. */
export function annotateConfigurationError(error: ConfigurationError, workspace: string): void {
  const problems = error instanceof InvalidFileError ? error.problems.map((problem) => ({ location: problem.location, message: problem.message })) : error.location ? [{ location: error.location, message: messageWithoutLocation(error) }] : [];
  // One error slot stays free for the setFailed line that follows: GitHub keeps the first 10 errors of a step.
  for (const { location, message } of problems.slice(0, MAX_ANNOTATIONS_PER_LEVEL - VERDICT_SLOTS)) {
    const properties: AnnotationProperties = { title: 'mcp-evals: configuration error', file: repoPath(workspace, location.file) };
    if (location.line !== undefined) properties.startLine = location.line;
    if (location.line !== undefined && location.column !== undefined) properties.startColumn = location.column;
    core.error(safeText(message), properties);
  }
}

function messageWithoutLocation(error: ConfigurationError): string {
  const location = error.location!;
  const prefix = [location.file, location.line, location.column].filter((part) => part !== undefined).join(':') + ': ';
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}

/**
 * The tool surface: what a model reads before it calls anything (tool, prompt and resource
 * definitions as text), and what Layer 0 found in it. The section of report.json lives here.
 */

export type FindingLevel = 'error' | 'warning' | 'note';

/** What the server listed, as it listed it (items that are not objects are dropped). */
export interface SurfaceDefinitions {
  tools: Record<string, unknown>[];
  prompts: Record<string, unknown>[];
  resources: Record<string, unknown>[];
  resourceTemplates: Record<string, unknown>[];
  /** Lists that failed or were cut: the analysis covers the rest. */
  problems: string[];
}

export type DefinitionKind = 'tool' | 'prompt' | 'resource' | 'resourceTemplate';

export interface SurfaceFinding {
  /** Stable kebab-case id, explained in docs/surface.md. */
  id: string;
  level: FindingLevel;
  kind: DefinitionKind;
  /** The tool's (prompt's, resource's) name or URI. */
  name: string;
  /** RFC 6901 pointer into that definition. */
  pointer: string;
  message: string;
  /** What counted: the words, characters or schema parts that decided it. */
  evidence?: string;
  fix: string;
  /** Poisoning and rug pulls: the class, as the injection library cites it. */
  classes?: { mcpSecBench: number; mcpSecBenchAttack: string; owasp: string[] };
}

export const COMPONENTS = ['purpose', 'usage', 'arguments', 'returns', 'limits', 'errors'] as const;
export type Component = (typeof COMPONENTS)[number];

export interface ComponentResult {
  present: boolean;
  /** The words or schema parts that counted, or why none did. */
  evidence: string;
}

export interface ToolSurface {
  name: string;
  /** 0–100: the share of the six components present. */
  score: number;
  components: Record<Component, ComponentResult>;
  /** o200k_base tokens of its OpenAI function-tool JSON, and the estimate for Anthropic's tools format. */
  tokens: { openai: number; anthropic: number };
}

export interface ConfusablePair {
  a: string;
  b: string;
  /** TF-IDF cosine over names, descriptions and parameter names. */
  cosine: number;
  /** Jaccard overlap of the name tokens. */
  nameOverlap: number;
  shared: string[];
  onlyA: string[];
  onlyB: string[];
}

export interface SurfacePin {
  /** SHA-256 of the definition's canonical JSON (keys sorted, `_meta` left out). */
  sha256: string;
  /** Its description (cut), for the word diff when it changes. */
  text: string;
  /** Its other fields (inputSchema, outputSchema, annotations…) as path → value, cut (schema-diff.ts); absent in older baselines. */
  schema?: Record<string, string>;
}

export interface DefinitionChange {
  key: string;
  change: 'added' | 'removed' | 'changed';
  /** `changed`: the description as a word diff (`[-old-]{+new+}`); empty when only the schema changed. */
  diff?: string;
  /** `changed`: what changed in its schema, a line each (`+ path (type) "…"`, `~ path: old → new`, `- required: name`). */
  schemaDiff?: string[];
}

export interface SurfaceChanges {
  /** Where the pins came from. */
  baseline: string;
  added: number;
  removed: number;
  changed: number;
  items: DefinitionChange[];
  /** OpenAI tokens of all tool definitions now minus in the baseline (when the baseline has them). */
  tokenDelta?: { before: number; after: number };
}

export interface SurfaceSection {
  counts: { tools: number; prompts: number; resources: number; resourceTemplates: number };
  /** 0–100, the mean of the tools' scores; null without tools. */
  score: number | null;
  tools: ToolSurface[];
  /** The three tools whose descriptions would gain the most, with what to add. */
  topGains: Array<{ name: string; score: number; missing: Component[] }>;
  confusable: ConfusablePair[];
  cost: {
    openai: number;
    anthropic: number;
    /** openai / 200,000. */
    windowShare: number;
    method: { openai: string; anthropic: string };
  };
  findings: SurfaceFinding[];
  summary: { error: number; warning: number; note: number };
  /** `tool:NAME`, `prompt:NAME`, `resource:URI`, `resourceTemplate:URITEMPLATE` → pin. */
  pins: Record<string, SurfacePin>;
  changes?: SurfaceChanges;
  problems: string[];
  durationMs: number;
}

/**
 * Which findings fail the run: at or above this level (`never`: none; the default); `changed`:
 * warnings and errors of definitions added or changed since the baseline's pins, and those
 * changes themselves (errors only where there is no baseline).
 */
export type SurfaceFailOn = 'changed' | 'warning' | 'error' | 'never';

// The heavy half of the @actions toolkit, behind one door. @actions/artifact and @actions/cache bring
// Azure's storage client and @actions/github brings Octokit: megabytes a Layer-0 run never uses. Every
// use goes through `await import('./toolkit.js')`, so the bundle keeps them in one lazily loaded
// chunk (one chunk, so the modules they share are not copied twice) and a cold start parses none of it.
export { DefaultArtifactClient } from '@actions/artifact';
export * as cache from '@actions/cache';
export { getOctokit } from '@actions/github';

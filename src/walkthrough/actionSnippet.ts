/**
 * The GitHub Actions workflow the walkthrough's last step copies: docs/cli.md's, word for word (a unit
 * test keeps them equal), so what a person pastes is what the documentation explains.
 */
export const ACTION_SNIPPET = `# .github/workflows/memory.yml
name: memory
on: [pull_request, push]
permissions:
  contents: read
  security-events: write   # only for format: sarif
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: memory-shelf/memory-shelf@v0.1.0   # this repository, at a release tag
        with:
          folders: |
            memory
            .claude/agent-memory/reviewer
          format: sarif          # or github: annotations on the diff
          fail-on: warning
`;

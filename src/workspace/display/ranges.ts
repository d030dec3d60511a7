import * as vscode from 'vscode';
import type { Position, Range } from '../../core';

export function toVsPosition(position: Position): vscode.Position {
  return new vscode.Position(position.line, position.character);
}

export function toVsRange(range: Range): vscode.Range {
  return new vscode.Range(toVsPosition(range.start), toVsPosition(range.end));
}

export function fromVsPosition(position: vscode.Position): Position {
  return { line: position.line, character: position.character };
}

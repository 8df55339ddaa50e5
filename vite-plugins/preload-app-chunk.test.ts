import { describe, expect, it } from 'vitest';
import { appChunkFiles, renderBlockingScripts } from './preload-app-chunk.ts';

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[], css: string[] = []) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

describe('appChunkFiles', () => {
  const bundle = {
    'assets/index.js': chunk('assets/index.js', '/repo/index.html', ['assets/react.js'], []),
    'assets/main.js': chunk('assets/main.js', '/repo/src/main.tsx', ['assets/index.js', 'assets/shared.js'], ['assets/main.css']),
    'assets/shared.js': chunk('assets/shared.js', null, ['assets/react.js'], ['assets/shared.css']),
    'assets/react.js': chunk('assets/react.js', null, []),
    'assets/lazy-panel.js': chunk('assets/lazy-panel.js', '/repo/src/features/lazy-panel.tsx', ['assets/shared.js']),
    'assets/main.css': { type: 'asset' as const },
  };

  it("lists the app's chunk, everything it imports statically, and their style sheets, not the lazy panels", () => {
    const { scripts, styles } = appChunkFiles(bundle, '/src/main.tsx');
    expect(new Set(scripts)).toEqual(new Set(['assets/main.js', 'assets/index.js', 'assets/react.js', 'assets/shared.js']));
    expect(new Set(styles)).toEqual(new Set(['assets/main.css', 'assets/shared.css']));
  });

  it("finds the app's entry inside a grouped chunk (first-screen-chunks.ts) by its modules", () => {
    const grouped = {
      'assets/boot.js': chunk('assets/boot.js', '/repo/index.html', []),
      'assets/app.js': { ...chunk('assets/app.js', null, ['assets/boot.js']), moduleIds: ['/repo/src/app/app.tsx', '/repo/src/main.tsx'] },
    };
    expect(appChunkFiles(grouped, '/src/main.tsx').scripts).toEqual(['assets/app.js', 'assets/boot.js']);
  });

  it('fails the build when the entry has no chunk of its own', () => {
    expect(() => appChunkFiles(bundle, '/src/missing.tsx')).toThrow(/no chunk for \/src\/missing.tsx/);
  });
});

describe('renderBlockingScripts', () => {
  it('marks the module script render-blocking, once', () => {
    const html = '<head><script type="module" crossorigin src="/assets/index.js"></script><link rel="stylesheet" href="/a.css"></head>';
    const marked = renderBlockingScripts(html);
    expect(marked).toBe(
      '<head><script type="module" blocking="render" crossorigin src="/assets/index.js"></script><link rel="stylesheet" href="/a.css"></head>',
    );
    expect(renderBlockingScripts(marked)).toBe(marked);
  });
});

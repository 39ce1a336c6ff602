/** Home's first screen while the lobby's script, strings or data load: it holds the layout. */
export function HomeSkeleton() {
  return (
    <div className="lobby-home" aria-hidden="true">
      <div className="banner-carousel skeleton" />
      <div className="ticker skeleton" />
      <div className="jackpot skeleton" />
      <div className="game-grid">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="game-tile skeleton-tile">
            <div className="game-art skeleton" />
            <span className="skeleton skeleton-line" />
          </div>
        ))}
      </div>
    </div>
  );
}

export function Footer() {
  return (
    <footer className="center muted">
      <p>© {new Date().getFullYear()} Coleccionables. Todos los derechos reservados.</p>
    </footer>
  );
}

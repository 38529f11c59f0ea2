import { UnderConstruction } from '../../../components/layout/under-construction.tsx';

export function Component() {
  return <UnderConstruction title="Crear nueva subasta" />;
}

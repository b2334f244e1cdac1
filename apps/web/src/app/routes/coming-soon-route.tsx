import { ComingSoon } from '../components/coming-soon';

export default ComingSoon;

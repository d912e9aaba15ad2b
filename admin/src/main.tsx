import { render } from 'preact';
import { App } from './app';
import './styles.css';
import './narrow.css';

render(<App />, document.getElementById('app')!);

/** zod's own messages (for inputs no schema names a message for) in Chinese, on both sides. */
import { z } from 'zod';

z.config(z.locales.zhCN());

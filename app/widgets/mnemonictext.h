// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// A name (a queue, a jid, a profile) put into the text of a label that marks an Alt key with '&':
// its own '&'s are doubled, so they show as they are instead of marking a key.
namespace MnemonicText {
inline QString literal(QString text)
{
    return text.replace(QLatin1Char('&'), QLatin1String("&&"));
}
} // namespace MnemonicText

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// A connection URL as the connection form shows it back: the password it carried replaced by a
// mask, so that a pasted URL stays on screen without the password in clear. The form reads the
// mask back as "the password already in its field".
namespace UrlPasswordMask {

QString mask();
// `url` with the password of its user info (scheme://user:password@host...) masked; unchanged
// when it has none.
QString applied(const QString &url);

} // namespace UrlPasswordMask

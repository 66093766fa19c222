// SPDX-License-Identifier: GPL-3.0-or-later
#include "urlpasswordmask.h"

namespace UrlPasswordMask {

QString mask()
{
    return QStringLiteral("******");
}

QString applied(const QString &url)
{
    // scheme://user:password@host...: the user info ends at the last '@' before the path.
    const int schemeEnd = url.indexOf(QLatin1String("://"));
    if (schemeEnd < 0)
        return url;
    const int start = schemeEnd + 3;
    int end = url.indexOf(QLatin1Char('/'), start);
    if (end < 0)
        end = url.size();
    const int at = url.lastIndexOf(QLatin1Char('@'), end - 1);
    const int colon = url.indexOf(QLatin1Char(':'), start);
    if (at < start || colon < 0 || colon > at || colon + 1 == at)
        return url;
    return url.left(colon + 1) + mask() + url.mid(at);
}

} // namespace UrlPasswordMask

// SPDX-License-Identifier: GPL-3.0-or-later
// ConnectionSettings::fromUrl on any text: it either gives settings or an error, never crashes;
// describe() and check() work on whatever it gave, and describe() does not depend on the password.
#include "connectionsettings.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString url = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    QString error;
    const ConnectionSettings settings = ConnectionSettings::fromUrl(url, &error);
    const QString description = settings.describe();
    (void)settings.check();
    // The password may also appear elsewhere in what was typed (a master name, a host), so the
    // test is that the description does not change with it.
    ConnectionSettings otherPassword = settings;
    otherPassword.password = settings.password + QStringLiteral("#other");
    if (otherPassword.describe() != description)
        std::abort();
    return 0;
}

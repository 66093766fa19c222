// SPDX-License-Identifier: GPL-3.0-or-later
// Linked into every app test: the tests speak English as the console does on an English desktop,
// with qlessdesk_en's plural forms installed ("1 job", "2 jobs"), whatever language the machine
// running them speaks. tst_german installs German in its place.
#include "uilanguage.h"

#include <QCoreApplication>

namespace {
void speakEnglish()
{
    UiLanguage::install(QStringLiteral("en"));
}
} // namespace

Q_COREAPP_STARTUP_FUNCTION(speakEnglish)

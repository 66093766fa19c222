// SPDX-License-Identifier: GPL-3.0-or-later
#include "layoutversion.h"

#include <QVariant>
#include <QWidget>

namespace {
const char *const versionProperty = "qlessdeskLayoutVersion";
}

void LayoutVersion::set(QWidget *widget, int version)
{
    widget->setProperty(versionProperty, version);
}

int LayoutVersion::of(const QWidget *widget)
{
    return widget->property(versionProperty).toInt();
}
